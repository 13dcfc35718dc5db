import yauzl from 'yauzl';

/** Every entry of a zip file, by path: for checking what "Download my data" gives. */
export async function readZip(buffer: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    entries.set(entry.fileName, Buffer.concat(chunks));
  }
  zip.close();
  return entries;
}

/** The name of every entry of a zip file, in order, repeats included. */
export async function zipEntryNames(buffer: Buffer): Promise<string[]> {
  const zip = await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
  const names: string[] = [];
  for await (const entry of zip.eachEntry()) names.push(entry.fileName);
  zip.close();
  return names;
}
