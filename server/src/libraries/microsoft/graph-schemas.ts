import { z } from 'zod';

/**
 * The parts of Microsoft Graph's answers the connector reads (learn.microsoft.com/graph/api/resources/driveitem,
 * .../drive, .../site, .../driveitem-delta). Loose objects: Graph adds properties over time, and
 * what is not read is not checked. Lengths are bounded: an answer is untrusted.
 */

const text = z.string().max(4096);

export const graphParentReferenceSchema = z.looseObject({
  driveId: text.optional(),
  id: text.optional(),
  /** `/drives/{id}/root:/A/B` (percent-encoded); absent in delta answers. */
  path: text.optional(),
});

export const graphDriveItemSchema = z.looseObject({
  id: text,
  name: text.optional(),
  size: z.number().nonnegative().optional(),
  cTag: text.optional(),
  eTag: text.optional(),
  webUrl: text.optional(),
  parentReference: graphParentReferenceSchema.optional(),
  file: z
    .looseObject({
      mimeType: text.optional(),
      /** Content hashes: OneDrive for Business and SharePoint give quickXorHash, consumer OneDrive sha1/sha256 too. */
      hashes: z.looseObject({ quickXorHash: text.optional(), sha1Hash: text.optional(), sha256Hash: text.optional() }).optional(),
    })
    .optional(),
  folder: z.looseObject({ childCount: z.number().int().nonnegative().optional() }).optional(),
  /** The drive's root folder (`root: {}`). */
  root: z.looseObject({}).optional(),
  /** Present on items the delta reports as deleted. */
  deleted: z.looseObject({ state: text.optional() }).optional(),
  /** OneNote packages and other non-file, non-folder items. */
  package: z.looseObject({}).optional(),
});
export type GraphDriveItem = z.infer<typeof graphDriveItemSchema>;

export const graphDriveSchema = z.looseObject({
  id: text,
  name: text.optional(),
  driveType: text.optional(),
  webUrl: text.optional(),
  sharePointIds: z.looseObject({ siteId: text.optional() }).nullish(),
});
export type GraphDrive = z.infer<typeof graphDriveSchema>;

export const graphSiteSchema = z.looseObject({
  id: text,
  name: text.optional(),
  displayName: text.optional(),
  webUrl: text.optional(),
});
export type GraphSite = z.infer<typeof graphSiteSchema>;

export const graphUserSchema = z.looseObject({
  id: text.optional(),
  displayName: text.nullish(),
  userPrincipalName: text.nullish(),
  mail: text.nullish(),
});

/** A collection page: `value` and, when more follow, `@odata.nextLink`; a delta's last page has `@odata.deltaLink`. */
export const graphPage = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    value: z.array(item).max(10_000),
    '@odata.nextLink': text.optional(),
    '@odata.deltaLink': text.optional(),
  });

/** Graph's error body: `{ error: { code, message } }`. */
export const graphErrorSchema = z.looseObject({
  error: z.looseObject({ code: text.optional(), message: text.optional() }),
});
