"""HTTPS at the table: a certificate authority this project makes once and keeps, and the
server certificate it signs for each `companion serve --tls`.

A phone treats a LAN address over plain HTTP as an insecure context: no service worker, no
installing the app, no wake lock or clipboard. A public CA cannot vouch for 192.168.x.x, so
the companion makes its own, which each phone installs once (the invite offers it). The CA
lives in a per-user folder (`tls_folder()`), its key readable by its owner only; the server
certificate names every address the phones may use and is issued again when they change.
"""

from __future__ import annotations

import datetime as dt
import ipaddress
import os
import socket
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

ENV_FOLDER = "MISSION_KIT_TLS_DIR"
CA_KEY, CA_CERT = "ca-key.pem", "ca.pem"
SERVER_KEY, SERVER_CERT = "server-key.pem", "server.pem"
CA_DAYS = 20 * 365  # the phones install it once: it should outlive the laptop
SERVER_DAYS = 397  # browsers refuse a server certificate valid for longer
RENEW_BEFORE = dt.timedelta(days=30)  # issue a fresh one this long before it expires
ALWAYS = ("localhost", "127.0.0.1", "::1")  # the companion's own computer


def tls_folder() -> Path:
    """Where the CA and the server certificate are kept: $MISSION_KIT_TLS_DIR, else
    $XDG_DATA_HOME/mission-kit/tls (default ~/.local/share/mission-kit/tls)."""
    if os.environ.get(ENV_FOLDER):
        return Path(os.environ[ENV_FOLDER])
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "mission-kit" / "tls"


@dataclass(frozen=True)
class Authority:
    """The local CA: its certificate (public, what phones install) and signing key."""

    cert: x509.Certificate
    key: ec.EllipticCurvePrivateKey
    cert_path: Path

    @property
    def fingerprint(self) -> str:
        """SHA-256 of the certificate, as phones and browsers show it (AB:CD:…)."""
        return self.cert.fingerprint(hashes.SHA256()).hex(":").upper()

    def der(self) -> bytes:
        return self.cert.public_bytes(serialization.Encoding.DER)


@dataclass(frozen=True)
class ServerCert:
    """The server's certificate and key files, and whether this start issued them."""

    cert_path: Path
    key_path: Path
    names: tuple[str, ...]
    issued: bool


def _write(path: Path, data: bytes, private: bool) -> None:
    """Write `path` whole or not at all (a crash never leaves half a key); keys 0600."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        os.fchmod(fd, 0o600 if private else 0o644)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _key_pem(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


# What the CA may vouch for (RFC 5280 name constraints, which browsers enforce): addresses
# of a local network and local names only. A phone that trusts it trusts nothing on the
# internet, even if the key on this computer were stolen.
LOCAL_NETWORKS = tuple(ipaddress.ip_network(n) for n in (
    "10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8", "169.254.0.0/16",
    "100.64.0.0/10",  # carrier-grade NAT, some hotspots
    "192.0.2.0/24", "198.51.100.0/24", "203.0.113.0/24",  # documentation ranges, never routed
    "::1/128", "fc00::/7", "fe80::/10"))
LOCAL_DOMAINS = ("localhost", "local", "home.arpa", "lan", "internal")


def _local_only() -> x509.NameConstraints:
    return x509.NameConstraints(
        permitted_subtrees=[x509.IPAddress(n) for n in LOCAL_NETWORKS]
        + [x509.DNSName(d) for d in LOCAL_DOMAINS], excluded_subtrees=None)


def is_local_name(name: str) -> bool:
    """Whether the CA's constraints let it vouch for `name` (an address or a host name)."""
    try:
        ip = ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        host = name.lower().rstrip(".")
        return any(host == d or host.endswith("." + d) for d in LOCAL_DOMAINS)
    return any(ip in net for net in LOCAL_NETWORKS)


def authority(folder: Path | None = None) -> Authority:
    """The CA kept in `folder` (default tls_folder()), made on first use (and made again if
    the one kept there could vouch for any site: one from before name constraints)."""
    folder = folder or tls_folder()
    key_path, cert_path = folder / CA_KEY, folder / CA_CERT
    if key_path.is_file() and cert_path.is_file():
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError(f"{key_path}: not an EC private key")
        kept = x509.load_pem_x509_certificate(cert_path.read_bytes())
        try:
            kept.extensions.get_extension_for_class(x509.NameConstraints)
            return Authority(kept, key, cert_path)
        except x509.ExtensionNotFound:
            pass  # unconstrained: replace it
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, f"Mission Kit local CA ({socket.gethostname()})"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Mission Kit"),
    ])
    now = _now()
    public = key.public_key()
    cert = (
        x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=False, content_commitment=False,
                                     key_encipherment=False, data_encipherment=False,
                                     key_agreement=False, key_cert_sign=True, crl_sign=True,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .add_extension(_local_only(), critical=True)
        .sign(key, hashes.SHA256())
    )
    _write(key_path, _key_pem(key), private=True)  # the key first: a cert alone is useless
    _write(cert_path, cert.public_bytes(serialization.Encoding.PEM), private=False)
    return Authority(cert, key, cert_path)


def server_names(lan_ips: Iterable[str], public_host: str | None = None,
                 host: str | None = None) -> tuple[str, ...]:
    """Every name a phone or this computer may reach the companion by: the LAN addresses,
    the public URL's host, the address listened on (unless every interface), and
    localhost, 127.0.0.1, ::1. Sorted, without repeats."""
    names = {*ALWAYS, *lan_ips}
    for extra in (public_host, host):
        if extra and extra not in ("0.0.0.0", "::"):
            names.add(extra.strip("[]").lower())
    return tuple(sorted(n for n in names if is_local_name(n)))


def _general_name(name: str) -> x509.GeneralName:
    try:
        return x509.IPAddress(ipaddress.ip_address(name))
    except ValueError:
        return x509.DNSName(name)


def _san(cert: x509.Certificate) -> set[str]:
    try:
        ext = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return set()
    return {*ext.get_values_for_type(x509.DNSName),
            *(str(ip) for ip in ext.get_values_for_type(x509.IPAddress))}


def _still_good(ca: Authority, cert_path: Path, key_path: Path, names: set[str]) -> bool:
    """The kept server certificate names exactly `names`, comes from this CA, goes with
    the kept key and has a month or more left."""
    if not (cert_path.is_file() and key_path.is_file()):
        return False
    try:
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        cert.verify_directly_issued_by(ca.cert)
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
    except (ValueError, TypeError, InvalidSignature):
        return False
    same_key = key.public_key() == cert.public_key()
    return same_key and _san(cert) == names and cert.not_valid_after_utc - _now() > RENEW_BEFORE


def server_certificate(ca: Authority, names: Iterable[str],
                       folder: Path | None = None) -> ServerCert:
    """A server certificate signed by `ca` for `names`: the kept one while it still
    matches (same names, same CA, not near its end), else a new one with a new key."""
    folder = folder or ca.cert_path.parent
    wanted = {str(ipaddress.ip_address(n)) if _is_ip(n) else n for n in names}
    cert_path, key_path = folder / SERVER_CERT, folder / SERVER_KEY
    ordered = tuple(sorted(wanted))
    if _still_good(ca, cert_path, key_path, wanted):
        return ServerCert(cert_path, key_path, ordered, issued=False)
    key = ec.generate_private_key(ec.SECP256R1())
    start = _now() - dt.timedelta(hours=1)  # a phone whose clock runs a little behind
    cn = next((n for n in ordered if not _is_ip(n) and n != "localhost"), None) or ordered[0]
    ski = ca.cert.extensions.get_extension_for_class(x509.SubjectKeyIdentifier).value
    cert = (
        x509.CertificateBuilder()
        .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, cn),
                                 x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Mission Kit")]))
        .issuer_name(ca.cert.subject).public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(start + dt.timedelta(days=SERVER_DAYS))
        .add_extension(x509.SubjectAlternativeName([_general_name(n) for n in ordered]),
                       critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(digital_signature=True, content_commitment=False,
                                     key_encipherment=False, data_encipherment=False,
                                     key_agreement=False, key_cert_sign=False, crl_sign=False,
                                     encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_subject_key_identifier(ski),
                       critical=False)
        .sign(ca.key, hashes.SHA256())
    )
    _write(key_path, _key_pem(key), private=True)
    _write(cert_path, cert.public_bytes(serialization.Encoding.PEM), private=False)
    return ServerCert(cert_path, key_path, ordered, issued=True)


def _is_ip(name: str) -> bool:
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True
