import { TLWriteBuffer, type TLCodec } from 'ton-tl';

/** Serialises one boxed TL object with its codec (ton-lite-client's or the generated one). */
export function encodeTl<T>(codec: TLCodec<T>, value: T): Buffer {
  const w = new TLWriteBuffer();
  codec.encode(value, w);
  return w.build();
}
