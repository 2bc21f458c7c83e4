"""HTTPS at the table (issue 23): `companion serve --lan --tls` on one host, a phone on
another (tests/netns.py). Chromium on the phone trusts the project's CA only because it is
in that phone's NSS database ($HOME/.pki/nssdb, as Chromium on Linux reads it; never
ignore_https_errors): there the join link is a secure context with an active service
worker. Without the CA in the database the same page fails with a certificate error."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from companion import tls
from tests.conftest import require
from tests.netns import chromium_ok, in_browser, serve, table  # noqa: F401

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2}


def nss_home(home: Path, ca: Path | None) -> Path:
    """A HOME whose NSS database (Chromium's trust store on Linux) holds `ca`, or nothing."""
    require(shutil.which("certutil") is not None,
            "certutil is missing (apt-get install libnss3-tools)")
    db = home / ".pki" / "nssdb"
    db.mkdir(parents=True)
    subprocess.run(["certutil", "-d", f"sql:{db}", "-N", "--empty-password"], check=True)
    if ca:
        subprocess.run(["certutil", "-d", f"sql:{db}", "-A", "-n", "Mission Kit", "-t", "C,,",
                        "-i", str(ca)], check=True)
    return home


def phone_starts_and_joins(browser, base: str, shots: str) -> dict:
    """On the phone: start a game on the home page (a form post over HTTPS), open its join
    link, wait for the service worker, take an action; screenshot the certificate offer."""
    page = browser.new_context(**PHONE).new_page()
    page.goto(base)
    page.fill("#name0", "Ann")
    page.fill("#name1", "Bo")
    page.select_option("#character1", "queen")
    page.click("text=Start the game")
    page.wait_for_selector("#game")
    show = "document.querySelector('#ca-offer').scrollIntoView({block: 'center'})"
    page.evaluate(show)
    page.screenshot(path=f"{shots}/invite-ca-en.png")
    ca_link = page.locator("#ca-offer a").get_attribute("href")
    link = page.locator("#join-link").inner_text()
    ko = browser.new_context(**PHONE, locale="ko-KR").new_page()
    ko.goto(page.url)  # another phone: the invite is behind its tab
    ko.click(".tabs [data-tab=invite]")
    ko.evaluate(show)
    ko.screenshot(path=f"{shots}/invite-ca-ko.png")

    joined = browser.new_context(**PHONE).new_page()
    joined.goto(link)
    joined.wait_for_selector("text=Ann’s turn")
    worker = joined.evaluate("""async () => {
        const ready = navigator.serviceWorker.ready;
        const late = new Promise((_, no) => setTimeout(() => no(new Error("no worker")), 20000));
        const registration = await Promise.race([ready, late]);
        return {active: registration.active !== null, scope: registration.scope,
                script: registration.active && registration.active.scriptURL};
    }""")
    ca = joined.evaluate("""async (path) => {
        const answer = await fetch(path);
        return {status: answer.status, type: answer.headers.get("content-type"),
                size: (await answer.arrayBuffer()).byteLength};
    }""", ca_link)
    joined.click("#a-millions button")
    joined.wait_for_selector("#game .log >> text=Ann takes 2 Millions", state="attached")
    return {"link": link, "secure": joined.evaluate("window.isSecureContext"),
            "worker": worker, "ca_link": ca_link, "ca": ca,
            "version": joined.locator("#game").get_attribute("data-version")}


def phone_without_the_ca(browser, base: str) -> dict:
    """On a phone that never installed the CA: the page does not load."""
    page = browser.new_context(**PHONE).new_page()
    try:
        page.goto(base)
    except Exception as exc:  # Playwright's Error: net::ERR_CERT_…
        return {"loaded": False, "error": str(exc).splitlines()[0]}
    return {"loaded": True, "error": ""}


def test_a_phone_that_trusts_the_table_ca_gets_a_secure_context(table, tmp_path):  # noqa: F811
    chromium_ok()
    folder = tmp_path / "tls"
    served = serve(table, tmp_path, "--lan", "--tls", env={tls.ENV_FOLDER: str(folder)})
    try:
        base = f"https://{table.server_ip}:5000/"
        assert served.join_url == base, served.join_url
        log = served.log.read_text()
        ca = tls.authority(folder)
        assert str(ca.cert_path) in log and ca.fingerprint in log
        names = tls.server_certificate(ca, tls.server_names([table.server_ip]))
        assert not names.issued  # serve issued it for exactly these names

        trusting = nss_home(tmp_path / "trusting", ca.cert_path)
        shots = tmp_path / "shots"
        shots.mkdir()
        phone = in_browser(table, table.phone, f"{__name__}:phone_starts_and_joins", base,
                           str(shots), env={"HOME": str(trusting)})
        assert phone["link"].startswith(f"{base}t/"), phone["link"]
        assert phone["secure"] is True
        assert phone["worker"]["active"], phone["worker"]
        assert phone["worker"]["script"] == f"{base}sw.js"
        assert phone["ca_link"] == "/ca.crt"
        assert phone["ca"]["status"] == 200
        assert phone["ca"]["type"] == "application/x-x509-ca-cert"
        assert phone["ca"]["size"] == len(ca.der())
        assert phone["version"] == "1"  # the tap went through

        untrusting = nss_home(tmp_path / "untrusting", None)
        stranger = in_browser(table, table.phone, f"{__name__}:phone_without_the_ca", base,
                              env={"HOME": str(untrusting)})
        assert not stranger["loaded"]
        assert "ERR_CERT_AUTHORITY_INVALID" in stranger["error"], stranger["error"]
    finally:
        served.stop()
