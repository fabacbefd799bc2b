import { useQuery } from '@assistant/platform';
import { projectsQuery } from '../api/get-projects';

/** The user's projects (own and shared), latest change first; asked only while `enabled` (the server's history). */
export const useProjects = (enabled = true) => useQuery({ ...projectsQuery(), enabled });
