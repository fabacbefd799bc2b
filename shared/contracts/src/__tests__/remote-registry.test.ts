import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { REGISTRY_CAPABILITIES, REGISTRY_FEATURE_NAMES, remoteRegistryEntrySchema, remoteRegistrySchema } from '../remote-registry';
import { accepts, rejects } from './helpers';

const entry = { name: 'agents', manifestUrl: 'https://cdn.example.com/agents/mf-manifest.json', routeBase: '/agents' };

describe('remote registry entry', () => {
  it('accepts a minimal entry and one with flag, feature and navigation', () => {
    assert.deepEqual(accepts(remoteRegistryEntrySchema, entry), entry);
    const full = {
      ...entry,
      manifestUrl: '/remotes/agents/mf-manifest.json',
      featureFlag: 'enableChat',
      feature: 'personalAgents',
      navigation: { labelKey: 'NAVIGATION.agents', icon: 'agents', order: 20 },
    };
    assert.deepEqual(accepts(remoteRegistryEntrySchema, full), full);
  });

  it('accepts every feature of the gating table as the feature', () => {
    for (const feature of REGISTRY_FEATURE_NAMES) accepts(remoteRegistryEntrySchema, { ...entry, feature });
  });

  it('refuses an unknown feature (a typo is a bad entry, not a feature that is on under BETA)', () => {
    for (const feature of ['personalAgent', 'PersonalAgents', 'beta', '']) {
      assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, feature }).path, ['feature'], feature);
    }
    assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, feature: 42 }).path, ['feature']);
  });

  it('accepts a capability the server decides as requires, and refuses an unknown one', () => {
    assert.deepEqual([...REGISTRY_CAPABILITIES], ['transcription']);
    const transcribe = { ...entry, routeBase: '/usecases/transcribe', requires: 'transcription' };
    assert.deepEqual(accepts(remoteRegistryEntrySchema, transcribe), transcribe);
    for (const requires of ['transcriptions', 'Transcription', '', 42, ['transcription']]) {
      assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, requires }).path, ['requires'], String(requires));
    }
  });

  it('accepts the name of a route table as the mount, and refuses one that is no name', () => {
    const summarize = { ...entry, name: 'usecases', routeBase: '/usecases/summarize', mount: 'summarize' };
    assert.deepEqual(accepts(remoteRegistryEntrySchema, summarize), summarize);
    accepts(remoteRegistryEntrySchema, { ...summarize, mount: 'create-your-own' });
    for (const mount of ['', 'Summarize', '/summarize', 'summarize/new', '-apps', 42]) {
      assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...summarize, mount }).path, ['mount'], String(mount));
    }
  });

  it('refuses an unknown flag, a bad name, manifest URL or route base', () => {
    assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, featureFlag: 'enableEverything' }).path, ['featureFlag']);
    assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, name: 'Agents' }).path, ['name']);
    assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, manifestUrl: '/agents/remoteEntry.js' }).path, ['manifestUrl']);
    assert.deepEqual(rejects(remoteRegistryEntrySchema, { ...entry, routeBase: 'agents' }).path, ['routeBase']);
  });

  it('leaves checking the entries to the caller: the file only needs a remotes list', () => {
    assert.deepEqual(accepts(remoteRegistrySchema, { remotes: [entry, 'junk'] }), { remotes: [entry, 'junk'] });
    rejects(remoteRegistrySchema, { apps: [] });
  });
});
