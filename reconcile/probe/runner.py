"""Start servers and ask them for their tools, with the official MCP Python SDK.

Imported only by `aido doctor --probe` (the SDK is the optional extra `probe`).
A stdio server runs in its own process group (the SDK's `stdio_client`): when
it is done, out of time, or aido gets SIGTERM, SIGHUP or SIGINT, its stdin is
closed, then the group gets SIGTERM and SIGKILL, so no server outlives the
probe. Its stderr goes to a file whose last lines are kept. A remote server
gets the same `initialize` and `tools/list` over streamable HTTP (or SSE); a
401 is followed to the OAuth protected-resource metadata (RFC 9728) the MCP
authorization spec points to, within the same deadline, and the entry's
headers (its credentials) go only to the entry's own origin.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TextIO
from urllib.parse import urlsplit

import anyio
import httpx2
from mcp import ClientSession
from mcp.client.auth.utils import (
    build_protected_resource_metadata_discovery_urls,
    extract_resource_metadata_from_www_auth,
)
from mcp.client.session import IncomingMessage, MessageHandlerFnT
from mcp.client.sse import sse_client
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError
from mcp_types import Implementation, PaginatedRequestParams, Tool

from aidokit.adapters.launch import Launch
from aidokit.catalog.errors import printable
from aidokit.reconcile.probe.launchers import not_cached
from aidokit.reconcile.probe.targets import Job, Result, Status
from aidokit.reconcile.read.choices.tool_pins import definition

STDERR_LINES = 10  # the server's last lines of stderr shown on failure
MAX_PAGES = 50  # tools/list pages read before aido stops asking
METADATA_BYTES = 64 << 10  # of a protected-resource metadata document
# The signals that end a probe: each stops every server's process group, then aido.
STOPS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT") if
              hasattr(signal, name))  # fmt: skip
CLIENT = Implementation(name="aido-doctor-probe", version="1")

# The SDK logs each line it cannot parse with its traceback; the probe reports it instead.
logging.getLogger("mcp").addHandler(logging.NullHandler())
logging.getLogger("mcp").propagate = False


class _Garbage(Exception):
    """The server wrote something on stdout that is not an MCP message."""


@dataclass
class _Seen:
    """What one connection saw besides the answers."""

    garbage: str | None = None
    server: str | None = None
    schemas: dict[str, int] = field(default_factory=dict)  # tool -> size of its input schema
    definitions: tuple[dict[str, Any], ...] = ()  # each tool's canonical definition (pins)


def run_all(
    jobs: list[Job],
    *,
    timeout: float,
    parallel: int,
    progress: Callable[[dict[str, float], int, int], None] | None = None,
) -> list[Result]:
    """Run every job, `parallel` at a time, each within `timeout` seconds.

    SIGTERM, SIGHUP or SIGINT cancels them all: each server's process group is ended (the
    SDK's shutdown), then aido ends by that signal.
    """
    caught: list[int] = []
    results = anyio.run(_stoppable, jobs, timeout, parallel, progress, caught)
    for signum in caught[:1]:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    return results


async def _stoppable(
    jobs: list[Job],
    timeout: float,
    parallel: int,
    progress: Callable[[dict[str, float], int, int], None] | None,
    caught: list[int],
) -> list[Result]:
    """`_run_all`, cancelled by the first of `STOPS` (noted in `caught`)."""
    results: list[Result] = []

    async def run(scope: anyio.CancelScope) -> None:
        results.extend(await _run_all(jobs, timeout, parallel, progress))
        scope.cancel()

    if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
        return await _run_all(jobs, timeout, parallel, progress)  # signals reach no handler
    with anyio.open_signal_receiver(*STOPS) as signals:
        async with anyio.create_task_group() as group:
            group.start_soon(run, group.cancel_scope)
            async for signum in signals:
                caught.append(int(signum))
                group.cancel_scope.cancel()
                break
    return results


async def _run_all(
    jobs: list[Job],
    timeout: float,
    parallel: int,
    progress: Callable[[dict[str, float], int, int], None] | None,
) -> list[Result]:
    results: list[Result | None] = [None] * len(jobs)
    running: dict[str, float] = {}
    limiter = anyio.CapacityLimiter(max(1, parallel))

    async def one(index: int, job: Job) -> None:
        async with limiter:
            running[job.probe.id] = time.monotonic()
            try:
                results[index] = await probe(job, timeout)
            finally:
                running.pop(job.probe.id, None)

    async with anyio.create_task_group() as group:
        for index, job in enumerate(jobs):
            group.start_soon(one, index, job)
        if progress is not None:
            group.start_soon(_report, progress, running, results, group)
    return [result for result in results if result is not None]


async def _report(
    progress: Callable[[dict[str, float], int, int], None],
    running: dict[str, float],
    results: list[Result | None],
    group: anyio.abc.TaskGroup,
) -> None:
    """Tell `progress` what runs (id -> seconds so far) every fifth of a second until done."""
    while True:
        done = sum(1 for r in results if r is not None)
        now = time.monotonic()
        progress({k: now - v for k, v in running.items()}, done, len(results))
        if done == len(results):
            return
        await anyio.sleep(0.2)


async def probe(job: Job, timeout: float) -> Result:
    """Run one probe: `initialize`, then `tools/list`, within `timeout` seconds."""
    start = time.monotonic()
    if job.launch.transport == "stdio":
        result = await _stdio(job, timeout)
    else:
        result = await _remote(job, timeout)
    return replace(result, seconds=time.monotonic() - start)


async def _session(session: ClientSession, seen: _Seen) -> tuple[str, ...]:
    """`initialize` and every page of `tools/list`: the tool names, in the server's order."""
    answer = await session.initialize()
    seen.server = f"{answer.server_info.name} {answer.server_info.version}".strip()
    tools: list[Tool] = []
    cursor: str | None = None
    for _ in range(MAX_PAGES):
        params = PaginatedRequestParams(cursor=cursor) if cursor else None
        page = await session.list_tools(params=params)
        tools += page.tools
        cursor = page.next_cursor
        if not cursor:
            break
    seen.schemas = {tool.name: len(json.dumps(tool.input_schema)) for tool in tools}
    seen.definitions = tuple(
        definition(tool.model_dump(by_alias=True, exclude_none=True, mode="json")) for tool in tools
    )
    return tuple(tool.name for tool in tools)


def _handler(seen: _Seen, scope: anyio.CancelScope) -> MessageHandlerFnT:
    async def handle(message: IncomingMessage) -> None:
        if isinstance(message, Exception) and seen.garbage is None:
            seen.garbage = _offending(message)
            scope.cancel()

    return handle


def _offending(exc: Exception) -> str:
    """The start of the line the SDK could not read as JSON-RPC."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        try:
            found = errors()
            if found and isinstance(found[0].get("input"), str):
                return printable(found[0]["input"][:80])
        except (TypeError, ValueError, AttributeError):
            pass
    return printable(str(exc).splitlines()[0][:80])


async def _stdio(job: Job, timeout: float) -> Result:
    launch = job.launch
    params = StdioServerParameters(
        command=launch.command, args=list(launch.args), env=dict(launch.env),
        cwd=launch.cwd or str(job.cwd), encoding_error_handler="replace",
    )  # fmt: skip
    seen = _Seen()
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as errlog:
        try:
            tools = await _within(
                timeout, seen, lambda scope: _stdio_session(params, errlog, seen, scope)
            )
        except TimeoutError:
            return _fail(
                job,
                Status.TIMEOUT,
                f"no answer to initialize and tools/list within {timeout:g} s",
                errlog,
                seen,
            )
        except Exception as exc:  # what the SDK or the process raised: this server's failure
            return _stdio_failure(job, exc, errlog, seen)
        if seen.garbage is not None:
            return _fail(job, Status.FAILED, _garbage(seen), errlog, seen)
        return _ok(job, tools, seen)


async def _stdio_session(
    params: StdioServerParameters, errlog: TextIO, seen: _Seen, scope: anyio.CancelScope
) -> tuple[str, ...]:
    async with (
        stdio_client(params, errlog=errlog) as (read, write),
        ClientSession(
            read, write, message_handler=_handler(seen, scope), client_info=CLIENT
        ) as session,
    ):
        return await _session(session, seen)


async def _within(
    timeout: float, seen: _Seen, body: Callable[[anyio.CancelScope], Any]
) -> tuple[str, ...]:
    """`body` within `timeout`; cancelled early (returning no tools) when it writes garbage."""
    with anyio.fail_after(timeout):
        with anyio.CancelScope() as scope:
            return tuple(await body(scope))
    return ()  # cancelled by the garbage handler


def _ok(job: Job, tools: tuple[str, ...], seen: _Seen) -> Result:
    sizes = tuple(seen.schemas.get(name, 0) for name in tools)
    return Result(job.probe, Status.OK, tools, server=seen.server, schema_sizes=sizes,
                  definitions=seen.definitions)  # fmt: skip


def _garbage(seen: _Seen) -> str:
    return (
        f"it wrote something other than MCP messages on stdout ({seen.garbage!r}); harnesses "
        "read stdout as the protocol, so it must log to stderr"
    )


def _stdio_failure(job: Job, exc: BaseException, errlog: TextIO, seen: _Seen) -> Result:
    if seen.garbage is not None:
        return _fail(job, Status.FAILED, _garbage(seen), errlog, seen)
    tail = tuple(_hide(line, job.launch) for line in _tail(errlog))
    if job.offline and not_cached("\n".join(tail)):
        return Result(job.probe, Status.SKIPPED, error="not cached: --offline keeps the launcher "
                      "from downloading the server", stderr=tail)  # fmt: skip
    cause = _cause(exc)
    if isinstance(cause, OSError):
        return _fail(
            job, Status.FAILED, f"it could not be started: {cause.strerror or cause}", errlog, seen
        )
    if isinstance(cause, MCPError) and "closed" in cause.message.lower():
        return _fail(
            job, Status.FAILED, "it exited before answering initialize and tools/list", errlog, seen
        )
    return _fail(
        job, Status.FAILED, f"the MCP session failed: {printable(str(cause))[:200]}", errlog, seen
    )


def _cause(exc: BaseException) -> BaseException:
    """The first real error inside the task groups' exception groups."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


def _tail(errlog: TextIO) -> tuple[str, ...]:
    try:
        errlog.seek(0)
        lines = errlog.read()[-16384:].splitlines()
    except (OSError, ValueError):
        return ()
    return tuple(printable(line) for line in lines[-STDERR_LINES:])


def _fail(job: Job, status: Status, error: str, errlog: TextIO | None, seen: _Seen) -> Result:
    tail = _tail(errlog) if errlog is not None else ()
    hidden = tuple(_hide(line, job.launch) for line in tail)
    return Result(
        job.probe, status, error=_hide(error, job.launch), stderr=hidden, server=seen.server
    )


def _hide(text: str, launch: Launch) -> str:
    """`text` (an error, a line of the server's stderr) with no value the entry gives the
    server (an env value it sets or references, not aido's own environment) and no expanded
    argument or URL: a server that prints its token shows `<redacted>` (SPEC §7)."""
    text = _scrub(text, launch)
    given = {printable(v) for k, v in launch.env if len(v) >= 4 and os.environ.get(k) != v}
    for value in sorted(given, key=len, reverse=True):
        text = text.replace(value, "<redacted>")
    return text


async def _remote(job: Job, timeout: float) -> Result:
    """`initialize` and `tools/list`, then what a refusal means: all within one deadline."""
    seen = _Seen()
    try:
        with anyio.fail_after(timeout):
            return await _connect(job, timeout, seen)
    except TimeoutError:
        why = f"no answer from {_where(job.launch)} within {timeout:g} s"
        return _fail(job, Status.TIMEOUT, why, None, seen)


async def _connect(job: Job, timeout: float, seen: _Seen) -> Result:
    launch = job.launch
    responses: list[httpx2.Response] = []

    async def keep(response: httpx2.Response) -> None:
        if response.status_code >= 400 and len(responses) < 4:
            responses.append(response)

    client = httpx2.AsyncClient(
        headers=dict(launch.headers), timeout=httpx2.Timeout(timeout),
        event_hooks={"response": [keep]},
    )  # fmt: skip
    try:
        async with client:
            try:
                tools = await _within(
                    timeout, seen, lambda scope: _remote_session(launch, client, keep, seen, scope)
                )
            except TimeoutError:
                raise
            except Exception as exc:
                return await _remote_failure(job, exc, responses, client, seen)
            if responses and not tools:
                return await _remote_failure(job, RuntimeError("refused"), responses, client, seen)
            return _ok(job, tools, seen)
    except TimeoutError:
        raise
    except Exception as exc:  # closing the client failed: the answer is already known
        text = _scrub(printable(str(_cause(exc))), launch)[:200]
        return _fail(job, Status.FAILED, f"unreachable: {text}", None, seen)


async def _remote_session(
    launch: Launch,
    client: httpx2.AsyncClient,
    keep: Callable[[httpx2.Response], Any],
    seen: _Seen,
    scope: anyio.CancelScope,
) -> tuple[str, ...]:
    if launch.transport == "sse":

        def factory(
            headers: dict[str, str] | None = None,
            timeout: httpx2.Timeout | None = None,
            auth: httpx2.Auth | None = None,
        ) -> httpx2.AsyncClient:
            hooks = {"response": [keep]}
            return httpx2.AsyncClient(
                headers=headers, timeout=timeout, auth=auth, event_hooks=hooks
            )

        async with (
            sse_client(launch.url, headers=dict(launch.headers), httpx_client_factory=factory) as (
                read,
                write,
            ),
            ClientSession(
                read, write, message_handler=_handler(seen, scope), client_info=CLIENT
            ) as session,
        ):
            return await _session(session, seen)
    async with (
        streamable_http_client(launch.url, http_client=client) as (read, write),
        ClientSession(
            read, write, message_handler=_handler(seen, scope), client_info=CLIENT
        ) as session,
    ):
        return await _session(session, seen)


async def _remote_failure(
    job: Job,
    exc: BaseException,
    responses: list[httpx2.Response],
    client: httpx2.AsyncClient,
    seen: _Seen,
) -> Result:
    url = job.launch.url
    where = _where(job.launch)
    denied = next((r for r in responses if r.status_code == 401), None)
    if denied is not None:
        metadata = await _protected_resource(denied, url, client)
        if metadata is not None:
            why = (
                f"needs sign-in: {where} answered 401 and names its authorization server "
                f"{metadata}; sign in from the harness"
            )
            return Result(job.probe, Status.NEEDS_AUTH, error=why, server=seen.server)
        why = (
            f"refused: {where} answered 401 without the OAuth protected-resource metadata MCP "
            "defines; check the token it is sent"
        )
    elif responses:
        why = f"refused: {where} answered HTTP {responses[0].status_code}"
    else:
        cause = _cause(exc)
        text = _scrub(printable(str(cause) or type(cause).__name__), job.launch)[:200]
        remote = isinstance(cause, httpx2.TransportError | OSError)
        why = f"unreachable: {where}: {text}" if remote else f"the MCP session failed: {text}"
    return _fail(job, Status.FAILED, why, None, seen)


def shown_url(url: str) -> str:
    """`url` without its user info and query, where credentials hide (SPEC §7)."""
    try:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "the server"
    return printable(f"{parts.scheme}://{host}{port}{parts.path}")


def _where(launch: Launch) -> str:
    """The entry's URL as its file writes it: references, not the variables' values."""
    return shown_url(launch.shown[0] if launch.shown else launch.url)


def _scrub(text: str, launch: Launch) -> str:
    """`text` (an error that may quote what ran) with each expanded argument or URL put back
    as the file writes it, so no variable's value shows (SPEC §7)."""
    ran = (launch.url,) if launch.transport != "stdio" else (launch.command, *launch.args)
    for expanded, written in zip(ran, launch.shown, strict=False):
        if expanded and expanded != written:
            text = text.replace(printable(expanded), printable(written))
    return text


def _origin(url: str) -> tuple[str, str, int | None] | None:
    """Scheme, host and port of `url` (the default port filled in), None when unparsable."""
    try:
        parsed = httpx2.URL(url)
    except (httpx2.InvalidURL, ValueError, TypeError):
        return None
    default = {"http": 80, "https": 443}.get(parsed.scheme)
    return (parsed.scheme, parsed.host, parsed.port or default)


async def _protected_resource(
    denied: httpx2.Response, url: str, client: httpx2.AsyncClient
) -> str | None:
    """The authorization server a 401's protected-resource metadata names (RFC 9728), if any.

    The caller's deadline covers every request here. A document at another origin is
    asked for without the entry's headers: its credentials are for its own server only.
    """
    hinted = extract_resource_metadata_from_www_auth(denied)
    own = _origin(url)
    for address in build_protected_resource_metadata_discovery_urls(hinted, url):
        where = _origin(address)
        if where is None or where[0] not in ("http", "https"):
            continue
        data = await _metadata(address, client if where == own else None)
        servers = data.get("authorization_servers") if isinstance(data, dict) else None
        if isinstance(servers, list) and servers and all(isinstance(s, str) for s in servers):
            return printable(", ".join(servers))[:200]
    return None


async def _metadata(address: str, client: httpx2.AsyncClient | None) -> object:
    """The JSON at `address` (at most `METADATA_BYTES`), or None; no client: a bare one."""
    if client is None:
        async with httpx2.AsyncClient() as bare:
            return await _json(address, bare)
    return await _json(address, client)


async def _json(address: str, client: httpx2.AsyncClient) -> object:
    try:
        async with client.stream("GET", address) as answer:
            if answer.status_code != 200:
                return None
            body = b""
            async for chunk in answer.aiter_bytes():
                body += chunk
                if len(body) > METADATA_BYTES:
                    return None
            return json.loads(body)
    except (httpx2.HTTPError, ValueError):
        return None
