"""Policy (SPEC §4, issue 36, docs/policy.md): which servers aido may write, decided above
the project. What a policy is and what it says of one entry, below everything that reads:

- `rules`: the rule grammar (`npm:@scope/*`, `host:*.example.com`, ids);
- `hosts`: a URL's host as WHATWG reads it;
- `layers`: one layer's `[policy]` (`PolicyLayer`) and where the managed file is;
- `verdict`: what an entry's package, host and id say about it against the layers;
- `violation`: an entry outside policy as the plan reports it.

Reading the layers in order is reconcile/read/choices/layers.py (`policy_layers`, the
`[policy]` of each aido.toml); applying them is three steps of the plan in
reconcile/plan/policy/ (`enforce`: admit or refuse each wanted entry, `native`: the
policy written into a harness's own enforcement, `found`: hand-written entries outside
it), which read the world's values and so sit in plan/.
"""
