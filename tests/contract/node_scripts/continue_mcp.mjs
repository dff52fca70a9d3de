// Continue's JSON MCP files, read with Continue's own schemas and converter, offline:
// argv[2] is the @continuedev/config-yaml package folder. The IDE's core lists every `*.json`
// in the workspace's `.continue/mcpServers/` and in `$CONTINUE_GLOBAL_DIR` (else
// `~/.continue`)`/mcpServers/`, parses it as a Claude-Code-like file, else a
// Claude-Desktop-like one, else one server named after the file, and converts each entry to
// its YAML block (core/context/mcp/json/loadJsonMcpConfigs.ts); this script does the same
// with the package's exported schemas and `convertJsonMcpConfigToYamlMcpConfig`, then checks
// each block against `mcpServerSchema`. Prints the package version, the files and the blocks.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const folder = process.argv[2];
const pkg = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
const cy = await import(pathToFileURL(join(folder, pkg.exports["."].node)).href);
// The YAML block schema the config's `mcpServers` items use (not exported by name).
const { mcpServerSchema } = await import(pathToFileURL(join(folder, "dist/schemas/mcp/index.js")).href);
const globalDir = process.env.CONTINUE_GLOBAL_DIR || join(homedir(), ".continue");
const dirs = [
  ["project", join(process.cwd(), ".continue", "mcpServers")],
  ["user", join(globalDir, "mcpServers")],
];

function entriesOf(json, fileName) {
  const code = cy.claudeCodeLikeConfigFileSchema.safeParse(json);
  if (code.success) {
    const records = [code.data.mcpServers, ...Object.values(code.data.projects).map((p) => p.mcpServers)];
    return records.filter(Boolean).flatMap((r) => Object.entries(r));
  }
  const desktop = cy.claudeDesktopLikeConfigFileSchema.safeParse(json);
  if (desktop.success) return Object.entries(desktop.data.mcpServers);
  const single = cy.mcpServersJsonSchema.safeParse(json);
  if (single.success) return [[fileName.replace(/\.json$/, ""), single.data]];
  throw new Error("doesn't match a supported MCP JSON configuration format");
}

const files = [];
const servers = [];
for (const [scope, dir] of dirs) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".json")).sort()) {
    const path = join(dir, name);
    try {
      const entries = entriesOf(JSON.parse(readFileSync(path, "utf8")), name);
      for (const [server, mcpJson] of entries) {
        const { yamlConfig, warnings } = cy.convertJsonMcpConfigToYamlMcpConfig(server, mcpJson);
        const block = mcpServerSchema.parse(yamlConfig);
        servers.push({ scope, file: path, config: block, warnings });
      }
      files.push({ scope, path });
    } catch (error) {
      files.push({ scope, path, error: String(error.message ?? error) });
    }
  }
}
process.stdout.write(JSON.stringify({ version: pkg.version, files, servers }));
