import { z } from 'zod';
import { nonNegativeIntSchema, positiveIntSchema, resourceIdSchema } from './common';

/**
 * The text layer of one document page (SPEC section 3 "Document pages (text)"), used by the
 * preview to draw source highlights over the page.
 *
 * Units (decided here, the spec leaves them open): box edges are fractions of the page's width
 * (left, right) and height (top, bottom), from 0 to 1, measured from the top-left corner. So a box
 * scales with any rendering size and does not depend on PDF points or pixels.
 */

const fraction = z.number().min(0, 'Must not be below 0').max(1, 'Must not be above 1 (a fraction of the page)');

export const boundingBoxSchema = z
  .object({
    left: fraction,
    top: fraction,
    right: fraction,
    bottom: fraction,
    /**
     * Where the box's text begins in the page's `text`: a character offset (UTF-16 code units, as
     * highlight offsets), so a highlighted range maps to the boxes whose anchors fall inside it.
     */
    anchor_point: nonNegativeIntSchema,
  })
  .refine((box) => box.right >= box.left, { message: 'right must not be less than left', path: ['right'] })
  .refine((box) => box.bottom >= box.top, { message: 'bottom must not be less than top', path: ['bottom'] });
export type BoundingBox = z.infer<typeof boundingBoxSchema>;

export const documentPageSchema = z
  .object({
    /** The document (file or dataset entry) the page belongs to. */
    reference_id: resourceIdSchema,
    wordcount: nonNegativeIntSchema,
    /** Counts from 1, as page numbers are printed. */
    page_number: positiveIntSchema,
    /** The page's plain text, when the server sends it; anchor points index into it. */
    text: z.string().optional(),
    /** In reading order. */
    bounding_boxes: z.array(boundingBoxSchema),
  })
  .superRefine((page, ctx) => {
    if (page.text === undefined) return;
    const length = page.text.length;
    page.bounding_boxes.forEach((box, index) => {
      if (box.anchor_point > length) {
        ctx.addIssue({ code: 'custom', message: 'Anchor point must lie within the page text', path: ['bounding_boxes', index, 'anchor_point'] });
      }
    });
  });
export type DocumentPage = z.infer<typeof documentPageSchema>;
