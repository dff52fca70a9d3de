// Cline's own MCP settings loader, run offline: argv[2] is the @cline/core package folder
// the installed `cline` depends on. Prints the settings path Cline resolves from its env
// (CLINE_MCP_SETTINGS_PATH, CLINE_DATA_DIR, CLINE_DIR, HOME) and the servers it parsed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const pkg = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const core = await import(pathToFileURL(join(folder, pkg.main)).href);
const path = core.resolveDefaultMcpSettingsPath();
const found = core.hasMcpSettingsFile({ filePath: path });
const servers = found ? core.resolveMcpServerRegistrations({ filePath: path }) : [];
process.stdout.write(JSON.stringify({ version: pkg.version, path, found, servers }));
