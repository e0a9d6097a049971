/**
 * The face detector's worker thread (face.ts starts it): face-api's tiny face detector with the model
 * file its npm package ships, on TensorFlow.js's WebAssembly backend, offline.
 * face-api's self-contained bundle (tfjs inside, 1.3 MB) is built for browsers: loaded as is in Node,
 * tfjs takes its Node platform and fails on the bundle's stubbed `util`. Its Node builds need the full
 * @tensorflow/tfjs (about 300 MB installed) or tfjs-node (downloads a native library at install: not
 * possible here). So the bundle runs in a VM context without `process`, with a minimal platform.
 * The bundle carries tfjs's WebAssembly backend but not its binaries: those come from
 * @tensorflow/tfjs-backend-wasm of the bundle's tfjs version, read from disk through the platform's fetch.
 * A check takes about 50 ms on an idle core there, against 1.6-1.8 s on tfjs's pure-JavaScript CPU backend,
 * with the same faces (boxes equal to 1e-3 px on the fixture photos, 2026-11-27).
 */
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
const fs = require('node:fs');
const path = require('node:path');

const pkg = path.dirname(require.resolve('@vladmandic/face-api/package.json'));
const wasmPkg = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
const ctx = vm.createContext({ console, setTimeout, clearTimeout, TextEncoder, TextDecoder });
ctx.global = vm.runInContext('globalThis', ctx);
vm.runInContext(`${fs.readFileSync(path.join(pkg, 'dist/face-api.js'), 'utf8')}\n;globalThis.faceapi = faceapi;`, ctx, { filename: 'face-api.js' });
const faceapi = ctx.faceapi;
const tf = faceapi.tf;
// typed arrays are made in the context's realm: tfjs checks them with instanceof
const inContext = vm.runInContext('({ bytes: (n) => new Uint8Array(n), buffer: (n) => new ArrayBuffer(n) })', ctx);

tf.env().setPlatform('worker', {
  // only the backend's .wasm binary is ever fetched: from disk, nothing from a network
  fetch: async (file) => {
    const bytes = await fs.promises.readFile(file);
    return { ok: true, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) };
  },
  now: () => performance.now(),
  encode: (s) => new TextEncoder().encode(s),
  decode: (b, enc) => new TextDecoder(enc).decode(b),
  isTypedArray: (a) => ArrayBuffer.isView(a) && !(a instanceof DataView),
  setTimeoutCustom: (f, ms) => setTimeout(f, ms),
});
// inputs are tensors: face-api never needs a DOM
const noDom = () => {
  throw new Error('no DOM');
};
class None {}
faceapi.env.setEnv({
  Canvas: None,
  CanvasRenderingContext2D: None,
  Image: None,
  ImageData: None,
  Video: None,
  createCanvasElement: noDom,
  createImageElement: noDom,
  createVideoElement: noDom,
  fetch: noDom,
  readFile: noDom,
});

async function load() {
  // the binaries must be the bundle's own tfjs version: its JavaScript side calls them by their exports
  const { version } = require(path.join(wasmPkg, 'package.json'));
  if (version !== tf.version_wasm) throw new Error(`@tensorflow/tfjs-backend-wasm ${version} installed, face-api's tfjs is ${tf.version_wasm}`);
  tf.setWasmPaths(`${path.join(wasmPkg, 'dist')}/`, true);
  if (!(await tf.setBackend('wasm'))) throw new Error("tfjs's WebAssembly backend did not start");
  await tf.ready();
  const name = path.join(pkg, 'model', 'tiny_face_detector_model');
  const manifest = JSON.parse(fs.readFileSync(`${name}-weights_manifest.json`, 'utf8'));
  const bin = fs.readFileSync(`${name}.bin`);
  const weights = inContext.buffer(bin.length);
  new Uint8Array(weights).set(bin);
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(weights, manifest[0].weights));
}

const options = new faceapi.TinyFaceDetectorOptions({ inputSize: workerData.inputSize, scoreThreshold: workerData.minScore });
load().then(
  () => {
    parentPort.on('message', async ({ id, pixels, width, height }) => {
      const data = inContext.bytes(pixels.length);
      data.set(pixels);
      const input = tf.tensor3d(data, [height, width, 3], 'int32');
      try {
        const found = await faceapi.detectAllFaces(input, options);
        parentPort.postMessage({ id, faces: found.map((f) => ({ x: f.box.x, y: f.box.y, width: f.box.width, height: f.box.height, score: f.score })) });
      } catch (e) {
        parentPort.postMessage({ id, error: String(e && e.message) });
      } finally {
        input.dispose();
      }
    });
    parentPort.postMessage({ ready: true });
  },
  (e) => {
    throw e;
  },
);
