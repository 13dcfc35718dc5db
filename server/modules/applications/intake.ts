import type { MultipartFile, MultipartValue } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  documentKeys,
  documentLabel,
  type AnyDocumentKey,
} from '../../../shared/schemas/application.ts';
import { hasUnstorableCharacter, stripBidiControls } from '../../../shared/text-safety.ts';
import { AppError, FieldRefusal, ValidationError } from '../../lib/errors.ts';
import { StorageLimitError, type Storage, type StoredObject } from '../../lib/storage/index.ts';
import { EmptyFileError, FileTypeCheck, UnsupportedFileTypeError } from '../documents/file-type.ts';

/** A file's form field: a document (the form's five, or one staff asked for) or a message's attachment. */
export type IntakeKey = AnyDocumentKey | 'attachment';
type DocumentKey = IntakeKey;

export interface ReceivedFile<K extends IntakeKey = IntakeKey> {
  key: K;
  /** Its place among the files sent for the same key: 1, 2, 3 (issue 25 §3). */
  part: number;
  stored: StoredObject;
  originalName: string;
  contentType: string;
}

export interface Intake<T> {
  input: T;
  files: ReceivedFile[];
}

interface IntakeOptions<T> {
  storage: Storage;
  /** Records a key before its object is written, so a crash leaves nothing unknown (finding 9). */
  beforeWrite(key: string): Promise<void>;
  maxFileBytes: number;
  /** All files of one submission together (finding 4). */
  maxTotalBytes: number;
  /** Checks the fields once they are all in, before the first file is stored. */
  validate(fields: Record<string, unknown>): Promise<T>;
  /** Whether this document may be sent with these fields (certification only with a "yes"). */
  accepts(key: DocumentKey, input: T): string | null;
  /** The file fields this form takes: the application form's five unless told. */
  fileKeys?: readonly IntakeKey[];
  /** How many files one key may carry (several transcripts: issue 25 §3); one unless told. */
  filesPerKey?: number;
  /** The longest field in bytes (the application's lists travel as JSON); 1,000 unless told. */
  fieldBytes?: number;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export function fileTooLarge(key: DocumentKey, maxFileBytes: number) {
  return new FieldRefusal(
    'FILE_TOO_LARGE',
    413,
    `${documentLabel(key)} is larger than ${megabytes(maxFileBytes)}. Please upload a smaller file.`,
    key,
    `The file is larger than ${megabytes(maxFileBytes)}`,
    { megabytes: Math.round((maxFileBytes / 1024 / 1024) * 10) / 10 },
  );
}

export function applicationTooLarge(maxTotalBytes: number) {
  return new AppError(
    'APPLICATION_TOO_LARGE',
    413,
    `Together your documents are larger than ${megabytes(maxTotalBytes)}. Please upload smaller files.`,
  );
}

function unsupportedType(key: DocumentKey) {
  return new FieldRefusal(
    'UNSUPPORTED_FILE_TYPE',
    415,
    `${documentLabel(key)} must be a PDF, JPG or PNG file. The file you chose is not one, whatever its name says.`,
    key,
    'Upload a PDF, JPG or PNG file',
  );
}

/** Only the last path segment, printable, at most 200 characters: it is shown, never used as a path. */
export function safeOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // no control characters, and no bidi controls that would show "cv\u202Efdp.exe" as "cvexe.pdf"
  const printable = Array.from(stripBidiControls(base.normalize('NFC')))
    .filter((c) => c >= ' ' && c !== '\u007f' && !/\p{Cs}/u.test(c))
    .join('')
    .trim();
  // cut by code points, never between the halves of a surrogate pair
  return Array.from(printable).slice(0, 200).join('') || 'document';
}

const unreadableForm = () =>
  new AppError(
    'MALFORMED_FORM',
    400,
    'The form could not be read: it was cut short or badly formed. Please send it again.',
  );

/** An error of the request body itself (cut short, no boundary, broken part): the client's, so a 400. */
class MalformedBodyError extends Error {
  constructor(override readonly cause: unknown) {
    super('malformed multipart body');
    this.name = 'MalformedBodyError';
  }
}

/** The parts of the form; any error reading them is the body's fault, never the server's. */
async function* readParts<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const part of parts) yield part;
  } catch (error) {
    throw error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')
      ? error
      : new MalformedBodyError(error);
  }
}

/** Busboy and plugin errors become answers that name the problem. */
function translate(error: unknown): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof MalformedBodyError) return unreadableForm();
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT')
    return new AppError('TOO_MANY_FILES', 413, 'Too many files: send each document once.');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return new AppError('TOO_MANY_FIELDS', 413, 'The form has too many fields.');
  }
  if (code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('BAD_REQUEST', 400, 'The form could not be read. Please try again.');
  }
  return error;
}

function addField(fields: Record<string, unknown>, part: MultipartValue) {
  if (part.valueTruncated || part.fieldnameTruncated) {
    throw new ValidationError(
      { [part.fieldname]: 'Too long' },
      `Invalid value for ${part.fieldname}.`,
    );
  }
  const value = part.value;
  if (
    (typeof part.fieldname === 'string' && hasUnstorableCharacter(part.fieldname)) ||
    (typeof value === 'string' && hasUnstorableCharacter(value))
  ) {
    throw new ValidationError(
      { [part.fieldname]: 'Contains a character that is not allowed' },
      'The form contains a character that is not allowed (NUL or an unpaired surrogate).',
    );
  }
  const existing = fields[part.fieldname];
  if (existing === undefined) fields[part.fieldname] = value;
  else fields[part.fieldname] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** Stores one file; null for an empty part with no file name (a file input left empty). */
async function storeFile(
  part: MultipartFile,
  key: DocumentKey,
  storage: Storage,
  limits: { maxFileBytes: number; remainingBytes: number; maxTotalBytes: number },
  mayBeEmpty: boolean,
  storageKey: string,
): Promise<{ stored: StoredObject; contentType: string } | null> {
  const { maxFileBytes } = limits;
  const maxBytes = Math.min(maxFileBytes, limits.remainingBytes);
  const overLimit = () =>
    maxBytes < maxFileBytes
      ? applicationTooLarge(limits.maxTotalBytes)
      : fileTooLarge(key, maxFileBytes);
  const check = new FileTypeCheck();
  let sourceError: unknown;
  part.file.once('limit', () => part.file.destroy(fileTooLarge(key, maxFileBytes)));
  part.file.once('error', (error) => {
    sourceError = error;
    check.destroy(error);
  });
  const storing = storage.put(check, { maxBytes, key: storageKey });
  part.file.pipe(check);
  try {
    const stored = await storing;
    // the limit may have been reached before this code was listening (a large first chunk)
    if (part.file.truncated) {
      await storage.delete(stored.key);
      throw fileTooLarge(key, maxFileBytes);
    }
    return { stored, contentType: check.detected!.contentType };
  } catch (error) {
    if (!part.file.destroyed) part.file.destroy();
    if (error instanceof AppError) throw error;
    if (error === sourceError) throw new MalformedBodyError(error);
    if (error instanceof StorageLimitError) throw overLimit();
    if (error instanceof UnsupportedFileTypeError) throw unsupportedType(key);
    if (error instanceof EmptyFileError) {
      if (mayBeEmpty) return null;
      throw new FieldRefusal(
        'EMPTY_FILE',
        400,
        `${documentLabel(key)} is an empty file. Please choose the file again.`,
        key,
        'The file is empty',
      );
    }
    throw error;
  }
}

/**
 * Reads a multipart submission: fields first, then files, each streamed to storage while its type
 * (by content) and size are checked. On any failure, including a client that goes away mid-upload,
 * every file stored so far is removed before the error is thrown.
 */
export async function receiveSubmission<T>(
  req: FastifyRequest,
  options: IntakeOptions<T>,
): Promise<Intake<T>> {
  const { storage, maxFileBytes, maxTotalBytes } = options;
  const filesPerKey = options.filesPerKey ?? 1;
  const fields: Record<string, unknown> = {};
  const files: ReceivedFile[] = [];
  let input: T | undefined;
  let current: MultipartFile | undefined;
  try {
    const parts = req.parts({
      limits: {
        fileSize: maxFileBytes,
        files: (options.fileKeys ?? documentKeys).length * filesPerKey,
        fields: 30,
        parts: 30 + (options.fileKeys ?? documentKeys).length * filesPerKey,
        fieldSize: options.fieldBytes ?? 1000,
        fieldNameSize: 100,
        headerPairs: 20,
      },
    });
    for await (const part of readParts(parts)) {
      if (part.type === 'field') {
        if (input !== undefined) {
          throw new AppError('FIELDS_AFTER_FILES', 400, 'Send the form fields before the files.');
        }
        addField(fields, part);
        continue;
      }
      current = part;
      input ??= await options.validate(fields);
      const fieldName = part.fieldname;
      if (!(options.fileKeys ?? documentKeys).includes(fieldName as IntakeKey)) {
        throw new AppError(
          'UNKNOWN_DOCUMENT',
          400,
          `"${fieldName.slice(0, 40)}" is not a document this form takes.`,
        );
      }
      const key = fieldName as IntakeKey;
      const sameKey = files.filter((f) => f.key === key).length;
      if (sameKey >= filesPerKey) {
        throw filesPerKey === 1
          ? new AppError(
              'DUPLICATE_DOCUMENT',
              400,
              `${documentLabel(key)} was sent twice. Send each document once.`,
            )
          : new FieldRefusal(
              'TOO_MANY_FILES_IN_SLOT',
              400,
              `${documentLabel(key)}: at most ${filesPerKey} files.`,
              key,
              `At most ${filesPerKey} files`,
              { maximum: filesPerKey },
            );
      }
      const refusal = options.accepts(key, input);
      if (refusal) throw new ValidationError({ [key]: refusal }, refusal);
      const used = files.reduce((sum, f) => sum + f.stored.size, 0);
      const storageKey = storage.newKey();
      await options.beforeWrite(storageKey);
      const limits = { maxFileBytes, maxTotalBytes, remainingBytes: maxTotalBytes - used };
      const received = await storeFile(
        part,
        key,
        storage,
        limits,
        part.filename === '',
        storageKey,
      );
      current = undefined;
      if (received)
        files.push({
          key,
          part: sameKey + 1,
          ...received,
          originalName: safeOriginalName(part.filename),
        });
    }
    input ??= await options.validate(fields);
    return { input, files };
  } catch (error) {
    if (current && !current.file.destroyed && !current.file.readableEnded) current.file.destroy();
    // the rest of the body is read and dropped, so the client receives the answer
    req.raw.resume();
    await removeFiles(storage, files);
    throw translate(error);
  }
}

export async function removeFiles(storage: Storage, files: ReceivedFile[]) {
  await Promise.allSettled(files.map((f) => storage.delete(f.stored.key)));
}
