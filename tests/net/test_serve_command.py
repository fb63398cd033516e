"""`tabletop serve`'s mistakes: each is one sentence and exit status 2, before anything listens."""

from __future__ import annotations

import pytest

pytest.importorskip("websockets", reason="the network table needs the net extra: pip install 'tabletop[net]'")


@pytest.mark.parametrize("args, words", [
    (["serve", "castlewars", "--lobby"], "A room has no game of its own"),
    (["serve", "--password"], "give it with --password-file FILE here"),
    (["serve", "--seats", "human,random"], "--seats sets up a served game; in a room, people set up their own"),
    (["serve", "--lobby", "--games", "2"], "--games sets up a served game"),
    (["serve", "castlewars", "--password"], "A password is for a room of tables"),
    (["serve", "--lobby", "--password-file", "no/such/file"], "Cannot read the password file no/such/file"),
    (["serve", "nosuchgame"], "nosuchgame"),
    (["serve", "castlewars", "--players", "9"], "for 2-4 players, not 9"),
    (["serve", "castlewars", "--away", "random"], "--away takes BOT:SECONDS"),
    (["serve", "castlewars", "--away", "random:-1"], "--away takes BOT:SECONDS"),
    (["serve", "castlewars", "--away", "nobot:5"], "nobot"),
    (["serve", "castlewars", "--games", "0"], "--games takes a number from 1 to 1000"),
    (["serve", "castlewars", "--new-code", "1:1"], "--new-code works with --resume"),
    (["serve", "castlewars", "--seats", "human,wizard"], "wizard"),
])
def test_a_mistake_is_one_sentence(cli, records, args, words):
    result = cli(*args)
    assert result.exit_code == 2, result.out + result.err
    message = (result.err or result.out).strip()
    assert words in message and "Traceback" not in message


def test_resume_refuses_a_folder_that_is_not_a_servers(cli, records, tmp_path):
    result = cli("serve", "--resume", str(tmp_path))
    assert result.exit_code == 2 and "is not a server's data folder" in result.err
    result = cli("serve", "castlewars", "--resume", str(tmp_path))
    assert result.exit_code == 2 and "Name no game with --resume" in result.err


def test_new_code_names_a_person_seat_of_a_hosted_game(cli, records, tmp_path):
    from tabletop.net.server import Server
    from tabletop.net.server_store import Store
    from tests.net.helpers import people, registry

    Server(registry(), Store(tmp_path / "data")).host(registry().game("castlewars"), people(2), seed=1)
    for wrong in ("2:1", "1:3", "1:x", "1"):
        result = cli("serve", "--resume", str(tmp_path / "data"), "--new-code", wrong)
        assert result.exit_code == 2 and "--new-code takes GAME:SEAT" in result.err, result.err


@pytest.mark.parametrize("kept", ['{"host": "127.0.0.1"}', '{"host": "127.0.0.1", "port": 70000}', "not json",
                                  '{"host": "", "port": 8765}', '{"host": "127.0.0.1", "port": true}'])
def test_resume_refuses_a_damaged_address_file_in_one_sentence_changing_nothing(cli, records, tmp_path, kept):
    from tabletop.net.server import Server
    from tabletop.net.server_store import Store
    from tests.net.helpers import people, registry

    data = tmp_path / "data"
    Server(registry(), Store(data)).host(registry().game("castlewars"), people(2), seed=1)
    (data / "server.json").write_text(kept)
    before = {p: p.read_bytes() for p in data.rglob("*") if p.is_file()}
    result = cli("serve", "--resume", str(data))
    assert result.exit_code == 2 and "server.json is damaged" in result.err and "Traceback" not in result.err
    assert {p: p.read_bytes() for p in data.rglob("*") if p.is_file()} == before
