"""This machine's addresses on the local network: where the phones at a table reach the
companion (`companion serve --lan`).

ifaddr lists the interfaces; the best guess for "the" LAN address comes first: private IPv4
ranges (a home router's 192.168.x.x, then 10.x, then 172.16-31.x) before other IPv4
addresses, on interfaces that are not a container or VM bridge. Loopback and link-local
addresses are never offered: no other phone reaches them."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass

import ifaddr

VIRTUAL = ("docker", "br-", "virbr", "vmnet", "vboxnet", "cni", "flannel", "lxc", "podman")
PRIVATE_ORDER = (ipaddress.ip_network("192.168.0.0/16"), ipaddress.ip_network("10.0.0.0/8"),
                 ipaddress.ip_network("172.16.0.0/12"))


@dataclass(frozen=True)
class Address:
    """One address a phone on the same network could use, and its interface."""

    ip: str
    interface: str

    def url(self, scheme: str, port: int) -> str:
        host = f"[{self.ip}]" if ":" in self.ip else self.ip
        default = (scheme, port) in (("http", 80), ("https", 443))
        return f"{scheme}://{host}/" if default else f"{scheme}://{host}:{port}/"


def _rank(address: Address) -> tuple[int, int, str]:
    ip = ipaddress.ip_address(address.ip)
    virtual = address.interface.startswith(VIRTUAL)
    private = next((i for i, net in enumerate(PRIVATE_ORDER) if ip in net), len(PRIVATE_ORDER))
    return (int(virtual) * 10 + (0 if ip.version == 4 else 5), private, address.ip)


def usable(ip: str) -> bool:
    """An address another device could reach: not loopback, link-local, multicast or unset."""
    try:
        parsed = ipaddress.ip_address(ip.split("%")[0])
    except ValueError:
        return False
    return not (parsed.is_loopback or parsed.is_link_local or parsed.is_multicast
                or parsed.is_unspecified)


def addresses(ipv6: bool = False) -> list[Address]:
    """This machine's reachable addresses, the likeliest LAN address first."""
    found: dict[str, Address] = {}
    for adapter in ifaddr.get_adapters():
        for entry in adapter.ips:
            ip = entry.ip if isinstance(entry.ip, str) else entry.ip[0]
            if (":" in ip and not ipv6) or not usable(ip):
                continue
            found.setdefault(ip, Address(ip, adapter.nice_name))
    return sorted(found.values(), key=_rank)
