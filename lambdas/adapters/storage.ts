import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileTypeFromBuffer } from 'file-type';
import { PERFIL_MSG } from '../../shared/schemas/messages.js';
import { config } from '../config.js';
import { badRequest } from '../errors.js';
import { s3 } from './aws.js';

const UPLOAD_TTL_SECONDS = 300;
const READ_TTL_SECONDS = 3600;

/** The only place that speaks S3: presigned uploads, real-type checks, moves, private reads. */
export const storage = {
  /** A browser upload whose policy fixes the key, the content type and the size range. */
  async presignPost(key: string, contentType: string, maxBytes: number) {
    const expiresAt = new Date(Date.now() + UPLOAD_TTL_SECONDS * 1000).toISOString();
    const { url, fields } = await createPresignedPost(s3(), {
      Bucket: config().bucketName,
      Key: key,
      Conditions: [
        ['content-length-range', 1, maxBytes],
        ['eq', '$Content-Type', contentType],
      ],
      Fields: { 'Content-Type': contentType },
      Expires: UPLOAD_TTL_SECONDS,
    });
    return { url, fields, expiresAt };
  },

  /**
   * Size and real type (from the first bytes, not the declared type); null when missing. One ranged
   * GET gives both: the bytes, and the total size in Content-Range.
   */
  async inspect(key: string): Promise<{ size: number; mime: string | null } | null> {
    try {
      const obj = await s3().send(new GetObjectCommand({ Bucket: config().bucketName, Key: key, Range: 'bytes=0-4099' }));
      const bytes = await obj.Body!.transformToByteArray();
      const size = Number(obj.ContentRange?.split('/')[1] ?? bytes.length);
      return { size, mime: (await fileTypeFromBuffer(bytes))?.mime ?? null };
    } catch (err) {
      const name = (err as Error).name;
      if (name === 'NoSuchKey' || name === 'NotFound') return null;
      // A range on an empty object: it exists, with nothing in it.
      if (name === 'InvalidRange') return { size: 0, mime: null };
      throw err;
    }
  },

  async move(from: string, to: string, contentType: string): Promise<void> {
    const bucket = config().bucketName;
    try {
      await s3().send(
        new CopyObjectCommand({
          Bucket: bucket,
          Key: to,
          CopySource: `${bucket}/${encodeURIComponent(from).replace(/%2F/g, '/')}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
    } catch (err) {
      // Gone meanwhile (a second confirm of the same upload): the person's answer, not a 500.
      if ((err as Error).name === 'NoSuchKey') throw badRequest(PERFIL_MSG.fotoNoSubida);
      throw err;
    }
    await this.delete(from);
  },

  async delete(key: string): Promise<void> {
    await s3().send(new DeleteObjectCommand({ Bucket: config().bucketName, Key: key }));
  },

  /** Short-lived read URL for a private object. */
  readUrl(key: string): Promise<string> {
    return getSignedUrl(s3(), new GetObjectCommand({ Bucket: config().bucketName, Key: key }), { expiresIn: READ_TTL_SECONDS });
  },
};
