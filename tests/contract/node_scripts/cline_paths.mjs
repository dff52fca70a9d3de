// The MCP settings path Cline's own resolver picks under each environment: argv[2] is the
// @cline/core package folder, argv[3] a JSON list of {VAR: value or null (unset)} overlays.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const pkg = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const core = await import(pathToFileURL(join(folder, pkg.main)).href);
const paths = JSON.parse(process.argv[3]).map((overlay) => {
  for (const [name, value] of Object.entries(overlay)) {
    if (value === null) delete process.env[name];
    else process.env[name] = value;
  }
  return core.resolveDefaultMcpSettingsPath();
});
process.stdout.write(JSON.stringify(paths));
