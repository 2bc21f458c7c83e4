"""HTTPS at the table (tls.py): the local CA, the server certificate it signs, the route that
hands phones the CA, and `companion serve --tls` answering HTTPS on loopback."""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import re
import ssl
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.x509.oid import ExtendedKeyUsageOID

from companion import create_app, tls
from tests.companion.conftest import TWO, free_port
from tests.conftest import ROOT
from tests.netns import wait_for_line


@pytest.fixture
def ca(tmp_path: Path) -> tls.Authority:
    return tls.authority(tmp_path / "tls")


def _cert(path: Path) -> x509.Certificate:
    return x509.load_pem_x509_certificate(path.read_bytes())


def _san(cert: x509.Certificate) -> set[str]:
    ext = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    return {*ext.get_values_for_type(x509.DNSName),
            *(str(ip) for ip in ext.get_values_for_type(x509.IPAddress))}


def test_the_folder_is_per_user_and_overridable(tmp_path, monkeypatch):
    monkeypatch.delenv(tls.ENV_FOLDER, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert tls.tls_folder() == tmp_path / "data" / "mission-kit" / "tls"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert tls.tls_folder() == Path.home() / ".local" / "share" / "mission-kit" / "tls"
    monkeypatch.setenv(tls.ENV_FOLDER, str(tmp_path / "mine"))
    assert tls.tls_folder() == tmp_path / "mine"


def test_the_ca_is_made_once_and_kept(ca: tls.Authority):
    cert = ca.cert
    assert cert.subject.rfc4514_string().startswith("O=Mission Kit,CN=Mission Kit local CA (")
    assert cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert cert.extensions.get_extension_for_class(x509.KeyUsage).value.key_cert_sign
    assert cert.not_valid_after_utc - cert.not_valid_before_utc > dt.timedelta(days=3650)
    again = tls.authority(ca.cert_path.parent)
    assert again.cert == cert and again.fingerprint == ca.fingerprint
    assert re.fullmatch(r"([0-9A-F]{2}:){31}[0-9A-F]{2}", ca.fingerprint)
    assert ca.fingerprint.replace(":", "").lower() == cert.fingerprint(hashes.SHA256()).hex()


def test_keys_are_readable_by_their_owner_only(ca: tls.Authority):
    folder = ca.cert_path.parent
    tls.server_certificate(ca, tls.server_names(["192.168.1.20"]))
    for key in (tls.CA_KEY, tls.SERVER_KEY):
        assert stat.S_IMODE((folder / key).stat().st_mode) == 0o600, key
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    assert b"PRIVATE KEY" not in ca.cert_path.read_bytes()


def test_the_server_certificate_names_every_address(ca: tls.Authority):
    names = tls.server_names(["192.168.1.20", "10.0.0.5"], "table.lan", "0.0.0.0")
    issued = tls.server_certificate(ca, names)
    cert = _cert(issued.cert_path)
    assert _san(cert) == {"192.168.1.20", "10.0.0.5", "table.lan", "localhost",
                          "127.0.0.1", "::1"}
    cert.verify_directly_issued_by(ca.cert)
    assert cert.not_valid_after_utc - cert.not_valid_before_utc <= dt.timedelta(days=397)
    usage = cert.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(usage) == [ExtendedKeyUsageOID.SERVER_AUTH]
    assert not cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert issued.issued


def test_it_is_reused_while_the_names_match_and_issued_again_when_they_change(ca):
    first = tls.server_certificate(ca, tls.server_names(["192.168.1.20"]))
    pem = first.cert_path.read_bytes()
    same = tls.server_certificate(ca, tls.server_names(["192.168.1.20"]))
    assert not same.issued and same.cert_path.read_bytes() == pem
    moved = tls.server_certificate(ca, tls.server_names(["192.168.1.31"]))  # another Wi-Fi
    assert moved.issued and moved.cert_path.read_bytes() != pem
    assert "192.168.1.31" in _san(_cert(moved.cert_path))
    assert "192.168.1.20" not in _san(_cert(moved.cert_path))


def test_it_is_issued_again_for_another_ca_or_near_its_end(ca, tmp_path, monkeypatch):
    names = tls.server_names([])
    tls.server_certificate(ca, names)
    other = tls.authority(tmp_path / "other")  # e.g. the CA folder was replaced
    again = tls.server_certificate(other, names, folder=ca.cert_path.parent)
    assert again.issued
    _cert(again.cert_path).verify_directly_issued_by(other.cert)
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=380)  # under 30 days left
    monkeypatch.setattr(tls, "_now", lambda: later)
    assert tls.server_certificate(other, names, folder=ca.cert_path.parent).issued


def _app(tmp_path: Path, ca: tls.Authority | None):
    return create_app({"DATABASE": str(tmp_path / "t.db"), "TESTING": True,
                       "TLS_CA": str(ca.cert_path) if ca else None})


def test_the_ca_route_serves_the_public_certificate_only(ca, tmp_path):
    client = _app(tmp_path, ca).test_client()
    r = client.get("/ca.crt", base_url="https://localhost")
    assert r.status_code == 200 and r.mimetype == "application/x-x509-ca-cert"
    assert x509.load_der_x509_certificate(r.data) == ca.cert
    assert "attachment" in r.headers["Content-Disposition"]
    r = client.get("/ca.pem", base_url="https://localhost")
    assert r.status_code == 200 and x509.load_pem_x509_certificate(r.data) == ca.cert
    assert b"PRIVATE" not in r.data and r.data.count(b"BEGIN") == 1


def test_without_tls_there_is_no_ca_route_and_no_offer(tmp_path):
    client = _app(tmp_path, None).test_client()
    assert client.get("/ca.crt").status_code == 404
    assert client.get("/ca.pem").status_code == 404
    token = client.post("/api/v1/games", json={"players": TWO}).json
    page = client.get(f"/t/{token['edit_token']}").data
    assert b'id="ca-offer"' not in page


def test_with_tls_the_invite_offers_the_ca_and_cookies_are_secure(ca, tmp_path):
    app = _app(tmp_path, ca)
    assert app.config["SESSION_COOKIE_SECURE"]
    client = app.test_client()
    r = client.get("/", base_url="https://localhost")
    assert "Secure" in r.headers["Set-Cookie"]
    made = client.post("/api/v1/games", base_url="https://localhost", json={"players": TWO}).json
    assert made["join_url"].startswith("https://localhost/t/")
    page = client.get(f"/t/{made['edit_token']}", base_url="https://localhost").data
    assert b'id="ca-offer"' in page and b'class="button" href="/ca.crt"' in page


def _wait_for(url: str, context: ssl.SSLContext, proc: subprocess.Popen, log: Path) -> bytes:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2, context=context) as answer:
                return answer.read()
        except OSError:
            if proc.poll() is not None:
                break
            time.sleep(0.2)
    raise AssertionError(f"no answer from {url}; output:\n{log.read_text()[-3000:]}")


def test_serve_tls_answers_https_that_trusts_only_its_ca(tmp_path):
    port, folder, log = free_port(), tmp_path / "tls", tmp_path / "serve.log"
    env = {**os.environ, "PYTHONUNBUFFERED": "1", tls.ENV_FOLDER: str(folder)}
    with log.open("w") as out:
        proc = subprocess.Popen([sys.executable, "-m", "companion", "serve", "--tls", "--port",
                                 str(port), "--db", str(tmp_path / "t.db")], cwd=ROOT, env=env,
                                stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        wait_for_line(log, "Mission Kit companion on", proc)  # the CA is made by then
        trusting = ssl.create_default_context(cafile=str(folder / tls.CA_CERT))
        for host in ("127.0.0.1", "localhost"):
            body = _wait_for(f"https://{host}:{port}/api/v1/health", trusting, proc, log)
            assert b'"ok":true' in body
        with pytest.raises(urllib.error.URLError, match="CERTIFICATE_VERIFY_FAILED"):
            urllib.request.urlopen(f"https://127.0.0.1:{port}/api/v1/health", timeout=5,
                                   context=ssl.create_default_context())
        text = log.read_text()
        ca = tls.authority(folder)
        assert f"Mission Kit companion on https://127.0.0.1:{port}/" in text
        assert str(ca.cert_path) in text and ca.fingerprint in text
        assert oct(stat.S_IMODE((folder / tls.CA_KEY).stat().st_mode)) == "0o600"
    finally:
        proc.terminate()
        proc.wait(timeout=15)


def test_the_authority_vouches_for_local_names_only(ca: tls.Authority):
    """A phone that installed the table's CA must trust nothing on the internet through it,
    even if its key on the host were stolen: name constraints, which browsers enforce."""
    import datetime as dt

    from cryptography import x509
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.verification import PolicyBuilder, Store, VerificationError

    constraints = ca.cert.extensions.get_extension_for_class(x509.NameConstraints)
    assert constraints.critical
    assert tls.server_names([], "games.example.org") == ("127.0.0.1", "::1", "localhost")
    issued = tls.server_certificate(ca, tls.server_names(["192.168.1.20"]))
    verifier = PolicyBuilder().store(Store([ca.cert])).build_server_verifier(
        x509.IPAddress(ipaddress.ip_address("192.168.1.20")))
    verifier.verify(_cert(issued.cert_path), [])  # a table address: trusted

    key = ec.generate_private_key(ec.SECP256R1())  # what a stolen CA key would sign
    now = dt.datetime.now(dt.UTC)
    forged = (x509.CertificateBuilder()
              .subject_name(x509.Name([]))
              .issuer_name(ca.cert.subject).public_key(key.public_key())
              .serial_number(x509.random_serial_number())
              .not_valid_before(now - dt.timedelta(hours=1))
              .not_valid_after(now + dt.timedelta(days=30))
              .add_extension(x509.SubjectAlternativeName([x509.DNSName("bank.example.com")]),
                             critical=True)
              .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
              .add_extension(x509.ExtendedKeyUsage([x509.oid.ExtendedKeyUsageOID.SERVER_AUTH]),
                             critical=False)
              .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(
                  ca.key.public_key()), critical=False)
              .sign(ca.key, hashes.SHA256()))
    bank = PolicyBuilder().store(Store([ca.cert])).build_server_verifier(
        x509.DNSName("bank.example.com"))
    with pytest.raises(VerificationError):
        bank.verify(forged, [])
