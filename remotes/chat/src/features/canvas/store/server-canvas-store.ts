import {
  canvasDocumentSchema,
  canvasListResponseSchema,
  canvasVersionListResponseSchema,
  canvasVersionSchema,
  streamEventSchema,
  type CanvasEditRequestInput,
} from '@assistant/contracts';
import { apiClients, type HttpClient } from '@assistant/platform';
import type { CanvasStore } from './canvas-store';

// The canvas calls of docs/canvas.md; every answer is checked against the contract.

const canvasPath = (id: string) => `canvases/${encodeURIComponent(id)}`;
const versionPath = (id: string, version: number) => `${canvasPath(id)}/versions/${version}`;

/** Canvases kept by the server, through the platform's /api client (read at every call, for tests). */
export function createServerCanvasStore(client: () => HttpClient = () => apiClients().api): CanvasStore {
  return {
    kind: 'server',
    async listCanvases(conversationId, signal) {
      const path = `conversations/${encodeURIComponent(conversationId)}/canvases`;
      return (await client().get(path, canvasListResponseSchema, { signal })).canvases;
    },
    createCanvas(conversationId, title, markdown) {
      return client().post(`conversations/${encodeURIComponent(conversationId)}/canvases`, { title, markdown }, canvasDocumentSchema);
    },
    getCanvas(id, signal) {
      return client().get(canvasPath(id), canvasDocumentSchema, { signal });
    },
    saveCanvas(id, markdown, baseVersion) {
      return client().put(`${canvasPath(id)}/document`, { markdown, base_version: baseVersion }, canvasDocumentSchema);
    },
    async listVersions(id, signal) {
      return (await client().get(`${canvasPath(id)}/versions`, canvasVersionListResponseSchema, { signal })).versions;
    },
    getVersion(id, version, signal) {
      return client().get(versionPath(id, version), canvasVersionSchema, { signal });
    },
    restoreVersion(id, version, baseVersion) {
      return client().post(`${versionPath(id, version)}/restore`, { base_version: baseVersion }, canvasDocumentSchema);
    },
    async deleteCanvas(id) {
      await client().delete(canvasPath(id));
    },
    edit(canvas, range, instruction, signal) {
      const body: CanvasEditRequestInput = {
        document: canvas.markdown,
        range,
        instruction,
        canvas_id: canvas.id,
        base_version: canvas.version,
      };
      return client().stream('skills/canvas-edit-agent', body, streamEventSchema, signal);
    },
  };
}
