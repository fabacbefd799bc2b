/**
 * The remote's pages link across its mounts (the registry mounts it at /create-your-own and at
 * /usecases, docs/decisions.md), so these links are absolute.
 */
export const CREATE_YOUR_OWN_PATH = '/create-your-own';
export const NEW_APP_PATH = `${CREATE_YOUR_OWN_PATH}/new`;
export const editPath = (id: string) => `${CREATE_YOUR_OWN_PATH}/${encodeURIComponent(id)}/edit`;
export const runPath = (id: string) => `/usecases/${encodeURIComponent(id)}`;
export const versionsPath = (id: string) => `${CREATE_YOUR_OWN_PATH}/${encodeURIComponent(id)}/versions`;
