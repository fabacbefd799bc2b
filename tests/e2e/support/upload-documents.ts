import type { Page } from 'playwright-core';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Creates a personal collection named `collection` on the collections page (German interface) and
 * uploads `files` into it, as a person does, waiting until each is processed ("Verarbeitet").
 */
export async function uploadToNewCollection(
  page: Page,
  portalUrl: string,
  collection: string,
  files: Array<{ name: string; mimeType: string; buffer: Buffer }>,
): Promise<void> {
  await page.goto(`${portalUrl}/collections/personal`);
  await page.getByRole('heading', { level: 1, name: 'Sammlungen' }).waitFor();
  await page.getByRole('button', { name: 'Neue Sammlung' }).click();
  const create = page.getByRole('dialog');
  await create.getByLabel('Name').fill(collection);
  await create.getByRole('button', { name: 'Anlegen' }).click();
  await page.getByRole('heading', { level: 1, name: collection }).waitFor();
  await page.locator('input[type="file"]').setInputFiles(files);
  const table = page.getByRole('table', { name: 'Dokumente in dieser Sammlung' });
  for (const file of files) {
    await table.getByRole('row', { name: new RegExp(`${escape(file.name)}.*Verarbeitet`) }).waitFor({ timeout: 90_000 });
  }
}
