"""The commands to start a book with: ``init`` writes a starter spec, ``schema`` and ``layouts`` say what
a spec may hold, ``studio`` serves the browser page that makes a book with a live preview."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..errors import Problem, PuzzlebookError, SpecError
from ..usage import fail
from .app import Argument, Option, command


@command(
    Argument("folder", "Where specs, class lists, masks and fonts are read and PDFs saved.", default="."),
    Option(
        "--port",
        kind="whole",
        help="The port on 127.0.0.1 (default 8642, or the next free one, so a restarted studio keeps "
        "its address and its open page its book); 0 takes any free one.",
    ),
    Option("--no-browser", kind="flag", help="Do not open the page.", default=False),
)
def studio(folder: str, port: int | None, no_browser: bool) -> None:
    """Make a book in the browser: a page on this machine only, with a live preview."""
    from ..signals import give_back_signals, interrupt_on_stop
    from ..studio import serve  # the server loads only for the studio
    from ..studio.server import PORT

    give_back_signals()  # Ctrl-C stops the server as the KeyboardInterrupt below
    interrupt_on_stop()  # and so do kill and a closed terminal
    place = Path(folder)
    if not place.is_dir():
        fail(PuzzlebookError(f"studio: {folder} is not a folder"))
    if port is not None and not 0 <= port <= 65535:
        fail(PuzzlebookError(f"studio: --port must be from 1 to 65535 (or 0, any free one), got {port}"))
    try:
        server = serve(place, port)
    except OSError as exc:
        fail(PuzzlebookError(f"studio: cannot listen on 127.0.0.1:{port or PORT}: {exc.strerror}"))
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"puzzlebook studio: {url}", flush=True)  # a script reads the address as the server starts
    print(f"serving {place.resolve()}; press Ctrl-C to stop", file=sys.stderr)
    if not no_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("studio stopped", file=sys.stderr)
    finally:
        server.server_close()
        server.studio.close()  # builds under way stopped, their hidden files removed


@command(
    Argument("spec", "Where to write the starter spec.", default="book.yaml"),
    Option("--force", kind="flag", help="Overwrite an existing file.", default=False),
)
def init(spec: str, force: bool) -> None:
    """Write a commented starter spec (and its JSON Schema, for editors) that builds as it is."""
    from ..output import Home, plan_output, write_output
    from ..spec.model import json_schema
    from ..starter import SCHEMA_FILE, starter_spec

    path = Path(spec)
    schema = path.parent / SCHEMA_FILE
    content = (json.dumps(json_schema(), indent=2) + "\n").encode()
    try:
        plan_output(spec, where=spec)
        beside = Home(
            path.parent, fix="remove the link, or init in another folder"
        )  # the schema's name is puzzlebook's: it stays in the spec's folder
        plan_output(schema, where=str(schema), inside=beside)  # a pipe there would never end
        if path.exists() and not force:
            raise SpecError([Problem(spec, "already exists; pick another name or add --force")])
        kept = (
            schema.exists()
            and not force
            and (schema.stat().st_size != len(content) or schema.read_bytes() != content)
        )
        write_output(path, starter_spec(path.name).encode())
        if not kept:
            write_output(schema, content, where=str(schema), inside=beside)
    except PuzzlebookError as error:
        fail(error)
    if kept:
        print(f"wrote {path}; kept the existing {schema} (add --force to refresh it)")
    else:
        print(f"wrote {path} and {schema}; build it with: puzzlebook build {path}")


@command()
def schema() -> None:
    """Print the JSON Schema of the book spec."""
    from ..spec.model import json_schema

    print(json.dumps(json_schema(), indent=2))


@command()
def layouts() -> None:
    """List the layout presets."""
    from ..layout import load_layout, preset_names

    for name in preset_names():
        print(f"{name:18s} {load_layout(name).description}")
