/**
 * The JS a first visit fetched before home was interactive, by package (../packages.mjs), fetched again as nginx sends it:
 * run by bench.mjs beside the servers, where the origins' names resolve without the link. Prints JSON.
 *   node --import tsx tools/bench/real-link/packages-in-server.mjs '{"js":[...],"manifests":[...]}'
 */
import { bytesByPackage } from '../packages.mjs';

const { js, manifests } = JSON.parse(process.argv[2]);
console.log(JSON.stringify(await bytesByPackage(js, manifests)));
