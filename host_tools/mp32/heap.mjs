// Run a MicroPython script on the 32-bit WebAssembly port with a given heap, the .mpy build
// copied into its in-memory filesystem at /fw (bench/py_heap32.py drives this).
// Usage: node heap.mjs HEAP_BYTES BUILD_DIR SCRIPT
// The script is cut at lines "#--step--" and each piece runs as its own runPython call: in this port
// gc.collect() only marks a collection as pending and it runs when control returns to JavaScript, so
// a measurement taken in the same call as the garbage it follows would count that garbage too.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";
import fs from "fs";

const [heap, build, script] = process.argv.slice(2);
const mp = await loadMicroPython({
  heapsize: parseInt(heap),
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
  linebuffer: true,
});
// the build's tree as it is (main.py, and the dicecup/ package's folders of .mpy files)
function copy(src, dst) {
  mp.FS.mkdir(dst);
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    if (e.isDirectory()) copy(src + "/" + e.name, dst + "/" + e.name);
    else if (e.name.endsWith(".mpy")) mp.FS.writeFile(dst + "/" + e.name, fs.readFileSync(src + "/" + e.name));
  }
}
copy(build, "/fw");
for (const step of fs.readFileSync(script, "utf8").split(/^#--step--$/m)) {
  mp.runPython(step);
}
