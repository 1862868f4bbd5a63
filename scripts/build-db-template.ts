// Part of the build: writes the empty embedded-database cluster new databases start from.
import { writeClusterTemplate } from '../src/server/db/cluster-template';

console.log(`embedded database template: ${await writeClusterTemplate()}`);
