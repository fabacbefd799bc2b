import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { groupNamer, nameFromGroupId } from '../group-names';

describe('group names', () => {
  it('reads the last segment of a Keycloak group path', () => {
    assert.equal(nameFromGroupId('/finance'), 'finance');
    assert.equal(nameFromGroupId('/dept/finance'), 'finance');
    assert.equal(nameFromGroupId('/dept/finance/'), 'finance');
  });

  it('reads the common name of an LDAP distinguished name, escapes included', () => {
    assert.equal(nameFromGroupId('CN=Finance,OU=Groups,DC=corp'), 'Finance');
    assert.equal(nameFromGroupId('cn = Human Resources , ou=Groups,dc=corp'), 'Human Resources');
    assert.equal(nameFromGroupId('CN=Sales\\, North,OU=Groups,DC=corp'), 'Sales, North');
  });

  it('keeps any other id as it is', () => {
    assert.equal(nameFromGroupId('finance'), 'finance');
    assert.equal(nameFromGroupId('0b4c5a1e-8f3d-4f7a-9a63-6f2b9b1c2d3e'), '0b4c5a1e-8f3d-4f7a-9a63-6f2b9b1c2d3e');
    assert.equal(nameFromGroupId('/'), '/');
    assert.equal(nameFromGroupId('CN=,OU=x'), 'CN=,OU=x');
    assert.equal(nameFromGroupId('OU=Groups,CN=x'), 'OU=Groups,CN=x');
  });

  it("prefers the administrators' display name, then the configured mapping, then the id's name", () => {
    const name = groupNamer({ '0b4c5a1e': 'Finance (Entra)', '/dept/hr': 'People' });
    assert.equal(name({ id: '0b4c5a1e', display_name: 'Finance team' }), 'Finance team');
    assert.equal(name({ id: '0b4c5a1e', display_name: null }), 'Finance (Entra)');
    assert.equal(name({ id: '/dept/hr', display_name: null }), 'People');
    assert.equal(name({ id: '/dept/sales', display_name: null }), 'sales');
    // Only the mapping's own keys count, not an object's inherited names.
    assert.equal(name({ id: 'constructor', display_name: null }), 'constructor');
  });
});
