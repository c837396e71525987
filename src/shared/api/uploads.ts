import { z } from 'zod';
import { requiredString } from '../validation/required-string';
import { defineRoute, idParams, isoDateTime, noContent } from './contract';

const tags = ['uploads'] as const;

/** PUT /api/signatures/image: an upload (or a typed image address) made the signature's photo. */
export const attachImageSchema = z.object({
  imageURL: requiredString('Please choose an image to upload.').max(2000, 'That image link is too long.'),
  /** 'temp' while the editor has not saved the signature yet. */
  signatureId: z.string('Please save the signature first.').trim().min(1).max(200).default('temp'),
});

export const uploadedImageSchema = z.object({
  id: z.string(),
  objectPath: z.string(),
  width: z.number(),
  height: z.number(),
  bytes: z.number(),
  createdAt: isoDateTime,
});
export const attachedImageSchema = z.object({ objectPath: z.string(), note: z.string().optional() });

const binary = z.string().meta({ format: 'binary' });

export const uploadsApi = {
  createSlot: defineRoute({
    method: 'POST',
    path: '/api/objects/upload',
    summary: 'Step 1: a one-time upload URL, valid for 15 minutes, that only you can upload to',
    tags,
    responses: { 200: z.object({ uploadURL: z.string() }) },
  }),
  receive: defineRoute({
    method: 'PUT',
    path: '/api/objects/uploads/:id',
    summary: 'Step 2: the raw image bytes (Content-Type image/* or application/octet-stream; at most 5 MB)',
    tags,
    params: idParams,
    responses: { 200: z.object({ id: z.string(), contentType: z.string(), bytes: z.number() }) },
  }),
  attach: defineRoute({
    method: 'PUT',
    path: '/api/signatures/image',
    summary: "Step 3: re-encode the upload as public images and make it the signature's photo",
    tags,
    body: attachImageSchema,
    responses: { 200: attachedImageSchema },
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/uploads',
    summary: 'Your uploaded images',
    tags,
    responses: { 200: z.array(uploadedImageSchema) },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/uploads/:id',
    summary: 'Delete one of your uploaded images',
    tags,
    params: idParams,
    responses: { 204: noContent },
  }),
  publicImage: defineRoute({
    method: 'GET',
    path: '/objects/*',
    summary: 'A public signature image (PNG, JPEG or GIF), cached for a year',
    tags,
    params: z.object({ '*': z.string() }),
    produces: 'image/*',
    responses: { 200: binary },
  }),
};
