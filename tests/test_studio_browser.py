"""The studio in a real browser (Debian's chromium, driven by Selenium through chromedriver): a person
opens the page, types a title, adds a second maze, sees the preview change, mistypes a size and fixes it
where the page shows the problem, and downloads a PDF that is the command line's, byte for byte.

Marked ``browser``: where chromium or chromedriver is missing, conftest deselects it and says how to run
it (``apt-get install chromium chromium-driver``, then ``python -m pytest -m browser``).
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from studiocheck import running
from typer.testing import CliRunner

from puzzlebook.cli import app

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("PUZZLEBOOK_SCREENSHOTS")  # a folder to keep the screenshots in, to look at


@pytest.fixture
def studio(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    with running(folder) as server:
        yield f"http://127.0.0.1:{server.server_address[1]}/", folder


@pytest.fixture
def browser(tmp_path):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    downloads = tmp_path / "downloads"
    downloads.mkdir()
    settings = webdriver.ChromeOptions()
    settings.binary_location = "/usr/bin/chromium"
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={tmp_path / 'profile'}",
        "--window-size=1280,1000",
    ):
        settings.add_argument(flag)
    settings.add_experimental_option(
        "prefs", {"download.default_directory": str(downloads), "download.prompt_for_download": False}
    )
    # the browser draws with this computer's fonts: not the empty fontconfig the tests give puzzlebook
    machine = {key: value for key, value in os.environ.items() if key != "FONTCONFIG_FILE"}
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver", env=machine), options=settings)
    driver.downloads = downloads
    yield driver
    driver.quit()


def wait_for(check, seconds: float = 30.0, what: str = ""):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds:.0f} s for {what() if callable(what) else what}")


def shot(driver, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        driver.save_screenshot(str(Path(SHOTS) / f"{name}.png"))


def test_a_person_makes_a_book_in_the_studio(studio, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, _ = studio
    browser.get(url)
    page = browser.find_element(By.ID, "page")
    first = wait_for(lambda: page.get_attribute("data-version"), what="the first preview")
    shot(browser, "studio-start")

    title = browser.find_element(By.ID, "f-title")
    title.clear()
    title.send_keys("Rainy Day Mazes")
    browser.find_element(By.ID, "add-maze").click()
    rows = browser.find_elements(By.CSS_SELECTOR, "#mazes tbody tr.maze")
    assert len(rows) == 2
    Select(rows[1].find_element(By.CSS_SELECTOR, "[data-field=algorithm]")).select_by_value("wilson")
    Select(rows[1].find_element(By.CSS_SELECTOR, "[data-field=grid]")).select_by_value("hex")
    rows[1].find_element(By.CSS_SELECTOR, "[data-field=options]").send_keys("")  # a walker needs none
    size = rows[1].find_element(By.CSS_SELECTOR, "[data-field=size]")
    size.clear()
    size.send_keys("0x12")  # a mistake
    problem = (
        rows[1].find_element(By.XPATH, "following-sibling::tr[1]").find_element(By.CSS_SELECTOR, ".problem")
    )
    wait_for(lambda: "at least 1x1" in problem.text, what="the size's problem beside it")
    assert size.get_attribute("aria-invalid") == "true"
    shot(browser, "studio-problem")

    size.clear()
    size.send_keys("12x12")  # fixed
    wait_for(lambda: not problem.text, what="the problem to go")
    later = wait_for(
        lambda: page.get_attribute("data-version") != first and page.get_attribute("data-version"),
        what="the preview to change",
    )
    assert later != first
    status = browser.find_element(By.ID, "status").text
    assert "2 mazes" in status, status
    yaml = browser.find_element(By.ID, "yaml").get_attribute("value")
    assert '"Rainy Day Mazes"' in yaml and "grid: hex" in yaml
    options = rows[0].find_element(By.CSS_SELECTOR, "[data-field=options]")
    options.send_keys("scan=columns")  # an option, typed as key=value, reaches the spec
    wait_for(
        lambda: "options: {scan: " in browser.find_element(By.ID, "yaml").get_attribute("value"),
        what="the option in the YAML",
    )
    later = wait_for(
        lambda: page.get_attribute("data-version") != later and page.get_attribute("data-version"),
        what="the preview after the option",
    )
    yaml = browser.find_element(By.ID, "yaml").get_attribute("value")
    browser.find_element(By.ID, "tab-yaml").click()
    shot(browser, "studio-yaml")
    browser.find_element(By.ID, "tab-form").click()
    shot(browser, "studio-book")

    browser.find_element(By.ID, "download").click()
    pdf = wait_for(lambda: next(iter(browser.downloads.glob("*.pdf")), None), what="the download")
    wait_for(lambda: not list(browser.downloads.glob("*.crdownload")), what="the download to finish")
    spec = tmp_path / "book.yaml"
    spec.write_text(yaml)
    cli = tmp_path / "cli.pdf"
    result = CliRunner().invoke(app, ["build", "-q", str(spec), "-o", str(cli)])
    assert result.exit_code == 0, result.stderr
    assert pdf.read_bytes() == cli.read_bytes()

    # the same page on a phone: nothing wider than the screen, every control labelled
    metrics = {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)  # a window can't be this narrow
    browser.get(url)
    wait_for(lambda: browser.find_element(By.ID, "page").get_attribute("data-version"), what="the preview")
    width = browser.execute_script("return document.documentElement.scrollWidth")
    assert width <= 400, f"the page is {width} px wide on a 390 px screen"
    for element in browser.find_elements(By.CSS_SELECTOR, "input, select, textarea"):
        label = element.get_attribute("aria-label") or browser.execute_script(
            "return arguments[0].labels.length", element
        )
        assert label, element.get_attribute("outerHTML")
    shot(browser, "studio-phone")


def test_what_the_form_cannot_show_is_kept_when_the_form_changes(studio, browser, tmp_path):
    """Changing the author in the form rewrote the spec from the form's fields alone: a name maze became
    a rectangle, mazes sized by their age became 15x15, and Save wrote that over the parent's file. And
    Open and Save now ask before they lose work."""
    import yaml
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    from puzzlebook.spec import load_spec

    url, folder = studio
    (folder / "mia.yaml").write_text(
        "title: Mia's Mazes\ndifficulty: age-6\ncopyright: All rights reserved.\nyear: 2026\nseed: 9\n"
        "belongs_to: true\nmazes:\n  - {count: 2}\n  - {size: 20x14, shape: {text: Io}, marks: suggested}\n"
    )
    (folder / "other.yaml").write_text("title: Other\nmazes: [{size: 5x5}]\n")
    browser.get(url)
    page = browser.find_element(By.ID, "page")
    first = wait_for(lambda: page.get_attribute("data-version"), what="the preview")
    Select(browser.find_element(By.ID, "open-name")).select_by_value("mia.yaml")
    browser.find_element(By.ID, "open").click()
    wait_for(lambda: "Mia" in browser.find_element(By.ID, "f-title").get_attribute("value"), what="the spec")
    rows = browser.find_elements(By.CSS_SELECTOR, "#mazes tbody tr.maze")
    shape = Select(rows[1].find_element(By.CSS_SELECTOR, "[data-field=shape]"))
    assert shape.first_selected_option.text == "“Io”"  # shown as written, not as "none"
    assert rows[0].find_element(By.CSS_SELECTOR, "[data-field=size]").get_attribute("value") == ""
    author = browser.find_element(By.ID, "f-author")
    author.send_keys("Mum")
    wait_for(lambda: '"Mum"' in browser.find_element(By.ID, "yaml").get_attribute("value"), what="the author")
    text = browser.find_element(By.ID, "yaml").get_attribute("value")
    data = yaml.safe_load(text)
    assert "size" not in data["mazes"][0]  # still the age's size
    assert data["mazes"][1]["shape"] == {"text": "Io"} and data["mazes"][1]["marks"] == "suggested"
    assert str(data["copyright"]) == "All rights reserved." and str(data["seed"]) == "9"
    wait_for(lambda: "OK" in browser.find_element(By.ID, "status").text, what="the spec to check")
    browser.find_element(By.ID, "save").click()
    wait_for(lambda: "Mum" in (folder / "mia.yaml").read_text(), what="the save")  # a check may follow it
    saved = load_spec(folder / "mia.yaml")
    assert saved.book.author == "Mum" and saved.book.seed == 9 and saved.book.belongs_to
    assert saved.book.mazes[0].size is None and saved.book.mazes[1].shape.text == "Io"
    wait_for(lambda: page.get_attribute("data-version") not in (None, first), what="Mia's book previewed")
    wait_for(lambda: "page 1 of 6" in browser.find_element(By.ID, "page-of").text, what="its six pages")
    shot(browser, "studio-kept")

    # Open threw away unsaved changes, and Save replaced another spec of the folder, without a word
    browser.find_element(By.ID, "f-title").send_keys(" of Mine")
    wait_for(lambda: "of Mine" in browser.find_element(By.ID, "yaml").get_attribute("value"), what="the edit")
    Select(browser.find_element(By.ID, "open-name")).select_by_value("other.yaml")
    browser.find_element(By.ID, "open").click()
    alert = wait_for(lambda: _alert(browser), what="the question before opening")
    assert "lose the changes not saved" in alert.text
    alert.dismiss()
    assert "of Mine" in browser.find_element(By.ID, "f-title").get_attribute("value")  # kept
    name = browser.find_element(By.ID, "save-name")
    name.clear()
    name.send_keys("other.yaml")
    browser.find_element(By.ID, "save").click()
    alert = wait_for(lambda: _alert(browser), what="the question before replacing")
    assert "already in the folder" in alert.text
    alert.dismiss()
    time.sleep(0.3)  # time for a save that should not happen
    assert (folder / "other.yaml").read_text() == "title: Other\nmazes: [{size: 5x5}]\n"  # not replaced

    # a reload or a closed tab lost the changes without a word
    leaving = (
        "const e = new Event('beforeunload', {cancelable: true}); dispatchEvent(e); return e.defaultPrevented"
    )
    assert browser.execute_script(leaving) is True
    # a name maze for each student, 4 mazes a page and pictures needed YAML; a name without .yaml was refused
    students = browser.find_element(By.ID, "f-students")
    students.send_keys("Ana, Ben, Chloé")  # pasted from an e-mail
    Select(rows[1].find_element(By.CSS_SELECTOR, "[data-field=shape]")).select_by_visible_text(
        "each student's name"
    )
    Select(browser.find_element(By.ID, "f-mazes_per_page")).select_by_value("4")
    Select(browser.find_element(By.ID, "f-pictures")).select_by_value("bee-flower")
    wait_for(
        lambda: "mazes_per_page: 4" in browser.find_element(By.ID, "yaml").get_attribute("value"),
        what="4 a page",
    )
    data = yaml.safe_load(browser.find_element(By.ID, "yaml").get_attribute("value"))
    assert data["students"] == ["Ana", "Ben", "Chloé"] and data["pictures"] == "bee-flower"
    assert data["mazes"][1]["shape"] == {"text": "{student}"} and data["seed"] == 9  # a number, as written
    name.clear()
    name.send_keys("room12 names")
    browser.find_element(By.ID, "save").click()
    wait_for(lambda: (folder / "room12 names.yaml").is_file(), what="the save as room12 names.yaml")
    assert yaml.safe_load((folder / "room12 names.yaml").read_text())["mazes_per_page"] == 4
    said = browser.find_element(By.ID, "saved")  # beside the button; the file is there before the answer
    wait_for(lambda: "Saved room12 names.yaml" in said.text, what="the save said beside the button")
    # the YAML tab's mistake, then a change in the form: the form wrote over the YAML typed
    browser.find_element(By.ID, "tab-yaml").click()
    broken = "title: \"Bee's trip\nmazes: [{size: 5x5}]\n"
    browser.execute_script(
        "const y = document.getElementById('yaml'); y.value = arguments[0];"
        "y.dispatchEvent(new Event('input'));",
        broken,
    )
    browser.find_element(By.ID, "tab-form").click()
    note = browser.find_element(By.ID, "unread")
    wait_for(lambda: note.is_displayed(), what="the form shut while the YAML has a mistake")
    assert "fix it in the YAML tab" in note.text
    assert not browser.find_element(By.ID, "f-author").is_enabled()
    shot(browser, "studio-unread")
    assert browser.find_element(By.ID, "yaml").get_attribute("value") == broken  # kept as typed
    browser.execute_script(
        "const y = document.getElementById('yaml'); y.value = arguments[0];"
        "y.dispatchEvent(new Event('input'));",
        broken.replace('"Bee', "Bee"),
    )
    wait_for(lambda: browser.find_element(By.ID, "f-author").is_enabled(), what="the form open again")
    assert browser.find_element(By.ID, "f-title").get_attribute("value") == "Bee's trip"

    # the command line's notes are shown too: a shape too small to read
    browser.execute_script(
        "const y = document.getElementById('yaml'); y.value = arguments[0];"
        "y.dispatchEvent(new Event('input'));",
        "title: Tiny\ndifficulty: age-4\nmazes: [{shape: heart}]\n",
    )
    notes = browser.find_element(By.ID, "notes")
    wait_for(lambda: "hardly reads as one" in notes.text, what="the note on the tiny heart")
    # a page read while a newer spec was being checked drew the thumbnails of the newer one with its
    # own page count: the 54-page book below kept 2 thumbnails and no word of the rest (CI saw it)
    status = browser.find_element(By.ID, "status")
    wait_for(lambda: status.text.startswith("Ready: 1 maze on"), what="the tiny heart drawn")
    browser.execute_script(
        "const blob = Response.prototype.blob; window.slowOnce = true;"
        "Response.prototype.blob = async function () {"
        "  if (window.slowOnce && this.url.includes('width=820')) {"  # read until the next spec is checked
        "    window.slowOnce = false;"
        "    for (let i = 0; i < 500 && !lastYaml.startsWith('title: Many'); i++)"
        "      await new Promise((r) => setTimeout(r, 10)); }"
        "  return blob.call(this); };"
    )
    browser.execute_script(
        "const y = document.getElementById('yaml'); y.value = arguments[0];"
        "y.dispatchEvent(new Event('input'));",
        "title: Two\nmazes: [{size: 4x4}]\n",
    )
    wait_for(lambda: browser.execute_script("return window.slowOnce === false"), what="a page read slowly")
    # past 40 pages the thumbnails stopped without a word; a studio gone away failed without one too
    browser.execute_script(
        "const y = document.getElementById('yaml'); y.value = arguments[0];"
        "y.dispatchEvent(new Event('input'));",
        "title: Many\nmarks: suggested\nmazes: [{size: 4x4, count: 45}]\n",
    )
    more = wait_for(  # a 54-page book built and drawn while the rest of the suite loads both cores
        lambda: browser.find_elements(By.CSS_SELECTOR, "#thumbs .more"),
        90,
        lambda: f"the pages past 40 (the status line said: {status.text})",
    )
    assert more[0].text == "and 14 more pages: ‹ › turn to them"  # 1 title, 45 mazes, 8 answer pages
    # a PDF saved over one of the same name is asked first
    browser.find_element(By.ID, "save-pdf").click()
    wait_for(lambda: (folder / "room12 names.pdf").is_file(), what="the PDF saved")
    first_pdf = (folder / "room12 names.pdf").read_bytes()
    (folder / "room12 names.pdf").write_bytes(b"kept")
    browser.find_element(By.ID, "save-pdf").click()
    alert = wait_for(lambda: _alert(browser), what="the question before replacing a PDF")
    assert alert.text == "room12 names.pdf is already in the folder: replace it?"
    alert.dismiss()
    time.sleep(0.3)  # time for a save that should not happen (the status line may show a preview's news)
    assert (folder / "room12 names.pdf").read_bytes() == b"kept" and first_pdf.startswith(b"%PDF")
    browser.execute_script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));")
    browser.find_element(By.ID, "save").click()
    said = browser.find_element(By.ID, "saved")  # the status line may still take a preview asked before
    wait_for(lambda: said.text == "Not saved: the studio is not running", what="the studio gone, said")


def _alert(browser):
    from selenium.common.exceptions import NoAlertPresentException

    try:
        return browser.switch_to.alert
    except NoAlertPresentException:
        return None


def test_a_book_with_a_cover_shows_it_and_downloads_it(studio, browser, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    url, folder = studio
    spec = "title: Cover Book\nmarks: suggested\npage_size: 6x9in\npad: true\ncover: {paper: cream}\nmazes:\n  - {size: 8x8, count: 2}\n"
    (folder / "covered.yaml").write_text(spec)
    browser.get(url)
    wait_for(
        lambda: browser.find_element(By.ID, "page").get_attribute("data-version"), what="the first preview"
    )
    assert not browser.find_element(By.ID, "show-cover").is_displayed()  # a book without a cover
    Select(browser.find_element(By.ID, "open-name")).select_by_value("covered.yaml")
    browser.find_element(By.ID, "open").click()
    show = browser.find_element(By.ID, "show-cover")
    wait_for(show.is_displayed, what="the Show cover button")
    show.click()
    page = browser.find_element(By.ID, "page")
    wait_for(lambda: "wrap cover" in (page.get_attribute("alt") or ""), what="the cover in the preview")
    wait_for(
        lambda: browser.execute_script("return arguments[0].naturalWidth", page) == 1200, what="its image"
    )
    shot(browser, "studio-cover")
    browser.find_element(By.ID, "download-cover").click()
    pdf = wait_for(
        lambda: next(iter(browser.downloads.glob("*-cover.pdf")), None), what="the cover's download"
    )
    wait_for(lambda: not list(browser.downloads.glob("*.crdownload")), what="the download to finish")
    book = tmp_path / "book.yaml"
    book.write_text(spec)
    result = CliRunner().invoke(app, ["build", "-q", str(book), "-o", str(tmp_path / "cli.pdf")])
    assert result.exit_code == 0, result.stderr
    assert pdf.read_bytes() == (tmp_path / "cli-cover.pdf").read_bytes()
