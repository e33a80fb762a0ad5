/**
 * Discrete Fourier transform of any length. X_k = Σ x_n·e^(−j2πkn/N) (forward), and
 * x_n = (1/N)·Σ X_k·e^(+j2πkn/N) (inverse), numpy's convention.
 * Powers of two use an iterative radix-2 FFT. Other lengths (1601 points, the default sweep)
 * use Bluestein's chirp-z algorithm: the exact N-point DFT as a convolution computed with
 * radix-2 FFTs of length M ≥ 2N − 1 (4096 for 1601). Zero-padding to 2048 instead would change
 * the transform (a finer, interpolated time grid and a different frequency grid), so gating
 * would no longer act on the measured points themselves. Plans (twiddles, chirps) are cached
 * per length; the cache is invisible to callers, so the functions stay pure.
 */

export interface ComplexArrays {
  re: Float64Array;
  im: Float64Array;
}

const isPowerOfTwo = (n: number): boolean => n > 0 && (n & (n - 1)) === 0;

const twiddles = new Map<number, ComplexArrays>();

/** cos and −sin of 2πk/M for k < M/2. */
function twiddlesOf(m: number): ComplexArrays {
  let t = twiddles.get(m);
  if (!t) {
    const half = m >> 1;
    t = { re: new Float64Array(half), im: new Float64Array(half) };
    for (let k = 0; k < half; k++) {
      t.re[k] = Math.cos((2 * Math.PI * k) / m);
      t.im[k] = -Math.sin((2 * Math.PI * k) / m);
    }
    twiddles.set(m, t);
  }
  return t;
}

/** In-place forward radix-2 FFT; the length must be a power of two. */
function radix2(re: Float64Array, im: Float64Array): void {
  const m = re.length;
  for (let i = 1, j = 0; i < m; i++) {
    let bit = m >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const tr = re[i] as number;
      re[i] = re[j] as number;
      re[j] = tr;
      const ti = im[i] as number;
      im[i] = im[j] as number;
      im[j] = ti;
    }
  }
  const tw = twiddlesOf(m);
  for (let size = 2; size <= m; size <<= 1) {
    const half = size >> 1;
    const step = m / size;
    for (let start = 0; start < m; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = tw.re[k * step] as number;
        const wi = tw.im[k * step] as number;
        const a = start + k;
        const b = a + half;
        const br = re[b] as number;
        const bi = im[b] as number;
        const xr = br * wr - bi * wi;
        const xi = br * wi + bi * wr;
        re[b] = (re[a] as number) - xr;
        im[b] = (im[a] as number) - xi;
        re[a] = (re[a] as number) + xr;
        im[a] = (im[a] as number) + xi;
      }
    }
  }
}

interface BluesteinPlan {
  m: number;
  /** The chirp w_n = e^(−jπn²/N). */
  w: ComplexArrays;
  /** FFT of the conjugate chirp, wrapped to length M. */
  b: ComplexArrays;
}

const plans = new Map<number, BluesteinPlan>();

function planOf(n: number): BluesteinPlan {
  let plan = plans.get(n);
  if (plan) return plan;
  let m = 1;
  while (m < 2 * n - 1) m <<= 1;
  const w = { re: new Float64Array(n), im: new Float64Array(n) };
  const b = { re: new Float64Array(m), im: new Float64Array(m) };
  for (let i = 0; i < n; i++) {
    // n² mod 2N keeps the angle small, so the chirp stays accurate for long traces
    const angle = (Math.PI * ((i * i) % (2 * n))) / n;
    w.re[i] = Math.cos(angle);
    w.im[i] = -Math.sin(angle);
    b.re[i] = Math.cos(angle);
    b.im[i] = Math.sin(angle);
    if (i > 0) {
      b.re[m - i] = Math.cos(angle);
      b.im[m - i] = Math.sin(angle);
    }
  }
  radix2(b.re, b.im);
  plan = { m, w, b };
  if (plans.size >= 16) plans.clear();
  plans.set(n, plan);
  return plan;
}

function bluestein(re: ArrayLike<number>, im: ArrayLike<number>): ComplexArrays {
  const n = re.length;
  const { m, w, b } = planOf(n);
  const ar = new Float64Array(m);
  const ai = new Float64Array(m);
  for (let i = 0; i < n; i++) {
    const xr = re[i] as number;
    const xi = im[i] as number;
    ar[i] = xr * (w.re[i] as number) - xi * (w.im[i] as number);
    ai[i] = xr * (w.im[i] as number) + xi * (w.re[i] as number);
  }
  radix2(ar, ai);
  // convolution theorem; the inverse FFT is the forward one on conjugates
  for (let i = 0; i < m; i++) {
    const pr = (ar[i] as number) * (b.re[i] as number) - (ai[i] as number) * (b.im[i] as number);
    const pi = (ar[i] as number) * (b.im[i] as number) + (ai[i] as number) * (b.re[i] as number);
    ar[i] = pr;
    ai[i] = -pi;
  }
  radix2(ar, ai);
  const out = { re: new Float64Array(n), im: new Float64Array(n) };
  for (let i = 0; i < n; i++) {
    const cr = (ar[i] as number) / m;
    const ci = -(ai[i] as number) / m;
    out.re[i] = cr * (w.re[i] as number) - ci * (w.im[i] as number);
    out.im[i] = cr * (w.im[i] as number) + ci * (w.re[i] as number);
  }
  return out;
}

/** Forward DFT into new arrays; the input is not changed. */
export function fft(re: ArrayLike<number>, im: ArrayLike<number>): ComplexArrays {
  const n = re.length;
  if (n !== im.length) throw new Error(`fft: ${n} real parts but ${im.length} imaginary parts`);
  if (!isPowerOfTwo(n))
    return n === 0 ? { re: new Float64Array(0), im: new Float64Array(0) } : bluestein(re, im);
  const out = { re: Float64Array.from(re), im: Float64Array.from(im) };
  radix2(out.re, out.im);
  return out;
}

/** Inverse DFT (scaled by 1/N): the conjugate of the forward DFT of the conjugate. */
export function ifft(re: ArrayLike<number>, im: ArrayLike<number>): ComplexArrays {
  const n = re.length;
  const conj = new Float64Array(n);
  for (let i = 0; i < n; i++) conj[i] = -(im[i] as number);
  const out = fft(re, conj);
  for (let i = 0; i < n; i++) {
    out.re[i] = (out.re[i] as number) / n;
    out.im[i] = -(out.im[i] as number) / n;
  }
  return out;
}

function checkPowerOfTwo(n: number, what: string): void {
  if (!isPowerOfTwo(n)) throw new Error(`${what}: the length ${n} is not a power of two`);
}

/**
 * Forward DFT of a power-of-two length in place, without the copies of fft(): for callers that
 * own their arrays and transform large padded ones on every call (gating).
 */
export function fftInPlace(re: Float64Array, im: Float64Array): void {
  checkPowerOfTwo(re.length, 'fftInPlace');
  if (re.length !== im.length)
    throw new Error(`fftInPlace: ${re.length} real parts but ${im.length} imaginary parts`);
  radix2(re, im);
}

/** Inverse DFT (scaled by 1/N) of a power-of-two length in place. */
export function ifftInPlace(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 0; i < n; i++) im[i] = -(im[i] as number);
  fftInPlace(re, im);
  for (let i = 0; i < n; i++) {
    re[i] = (re[i] as number) / n;
    im[i] = -(im[i] as number) / n;
  }
}

/**
 * Forward DFT of a real sequence of power-of-two length M ≥ 2, by one complex FFT of length M/2:
 * the even samples as real parts, the odd ones as imaginary parts, then split (X_k = E_k +
 * e^(−j2πk/M)·O_k). Half the work of fft() on the same data.
 */
export function realFft(x: ArrayLike<number>): ComplexArrays {
  const m = x.length;
  checkPowerOfTwo(m, 'realFft');
  if (m === 1) return { re: Float64Array.of(x[0] as number), im: new Float64Array(1) };
  const half = m >> 1;
  const zr = new Float64Array(half);
  const zi = new Float64Array(half);
  for (let i = 0; i < half; i++) {
    zr[i] = x[2 * i] as number;
    zi[i] = x[2 * i + 1] as number;
  }
  radix2(zr, zi);
  const tw = twiddlesOf(m);
  const out = { re: new Float64Array(m), im: new Float64Array(m) };
  for (let k = 0; k <= half; k++) {
    const a = k % half;
    const b = (half - k) % half;
    // E_k = (Z_a + conj Z_b)/2, O_k = (Z_a − conj Z_b)/(2j)
    const er = ((zr[a] as number) + (zr[b] as number)) / 2;
    const ei = ((zi[a] as number) - (zi[b] as number)) / 2;
    const or = ((zi[a] as number) + (zi[b] as number)) / 2;
    const oi = ((zr[b] as number) - (zr[a] as number)) / 2;
    const wr = k < half ? (tw.re[k] as number) : -1;
    const wi = k < half ? (tw.im[k] as number) : 0;
    out.re[k] = er + or * wr - oi * wi;
    out.im[k] = ei + or * wi + oi * wr;
    if (k > 0 && k < half) {
      // a real sequence's spectrum is conjugate-symmetric
      out.re[m - k] = out.re[k] as number;
      out.im[m - k] = -(out.im[k] as number);
    }
  }
  return out;
}
