package org.neardup.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.neardup.server.ServerFixture.json;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.neardup.diff.WordDiff;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.interactions.Actions;

/**
 * The page in a real browser: headless Chromium, driven through chromedriver, against the real
 * server on a free port over a fresh index. Skipped with a message when Chromium or chromedriver is
 * not installed (see {@link Browser}). Every wait is for a state of the page, with a generous
 * timeout; nothing is timed.
 */
class PageBrowserTest {
  private static final String AD =
      "Sunny two-room flat near Termini station, 800 euro a month, furnished";
  private static final String REPOST =
      "Sunny two-room flat near Termini station - 800 euro a month, furnished!";
  private static final String OTHER =
      "Studio in Trastevere with a small terrace, 750 euro a month, close to tram 8";
  private static final int LAPTOP_WIDTH = 1280;
  private static final int LAPTOP_HEIGHT = 1000;

  /** The screenshot's: the form and two results. */
  private static final int SCREENSHOT_HEIGHT = 1240;

  private static Browser browser;

  @TempDir Path dir;

  /** One browser for the class, started by the first test (each test skips when there is none). */
  @BeforeEach
  void browserAtALaptopsWidth() throws Exception {
    if (browser == null) {
      browser = Browser.start(LAPTOP_WIDTH, LAPTOP_HEIGHT);
    }
    browser.driver.manage().window().setSize(new Dimension(LAPTOP_WIDTH, LAPTOP_HEIGHT));
  }

  @AfterAll
  static void stopBrowser() throws Exception {
    if (browser != null) {
      browser.close();
      browser = null;
    }
  }

  /** Opens the page and waits until it has shown the index's figures. */
  private static void open(ServerFixture server) {
    browser.driver.get(server.root());
    browser.until(d -> !d.findElements(By.cssSelector("dd[data-stat='documents']")).isEmpty());
  }

  private static void untilDocuments(long count) {
    browser.until(
        d ->
            d.findElement(By.cssSelector("dd[data-stat='documents']"))
                .getText()
                .equals(Long.toString(count)));
  }

  private static List<String> texts(WebElement parent, String css) {
    List<String> texts = new ArrayList<>();
    for (WebElement element : parent.findElements(By.cssSelector(css))) {
      texts.add(element.getText());
    }
    return texts;
  }

  /** The words the API's diff gives one side, of segments of {@code kind}. */
  private static List<String> apiSegments(JsonNode diff, String kind, String side) {
    List<String> texts = new ArrayList<>();
    for (JsonNode segment : diff) {
      if (segment.get("kind").asText().equals(kind)) {
        texts.add(segment.get(side).asText());
      }
    }
    return texts;
  }

  /** 6 decimals, rounded as {@code ./neardup pairs} writes similarities. */
  private static String sixDecimals(double value) {
    long micros = Math.round(value * 1_000_000);
    return micros / 1_000_000 + "." + String.format("%06d", micros % 1_000_000);
  }

  @Test
  void checkShowsTheStoredNearDuplicateWithItsExactSimilarityAndTheReportsDiff() throws Exception {
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      server.postJson("/documents", Map.of("id", "ad-2", "text", OTHER));
      JsonNode expected =
          json(server.postJson("/query?diff=true", Map.of("text", REPOST))).get("duplicates");
      assertThat(expected).hasSize(1);
      open(server);

      browser.type("#text", REPOST);
      browser.find("#check-button").click();
      browser.untilText("#results-status", "1 near-duplicate");

      List<WebElement> items = browser.findAll("#results-list li.dup");
      assertThat(items).hasSize(1);
      WebElement item = items.get(0);
      assertThat(item.getDomAttribute("data-id")).isEqualTo("ad-1");
      assertThat(item.findElement(By.cssSelector("h3")).getText()).isEqualTo("ad-1");
      double similarity = expected.get(0).get("similarity").asDouble();
      WebElement value = item.findElement(By.cssSelector(".similarity data"));
      assertThat(Double.parseDouble(value.getDomAttribute("value"))).isEqualTo(similarity);
      assertThat(value.getText()).isEqualTo(sixDecimals(similarity));
      double barShare =
          ((Number)
                  browser.script(
                      "const bar = arguments[0].querySelector('.bar'); return"
                          + " bar.firstChild.getBoundingClientRect().width /"
                          + " bar.getBoundingClientRect().width;",
                      item))
              .doubleValue();
      assertThat(barShare).isBetween(similarity - 0.02, similarity + 0.02);

      WebElement stored = item.findElement(By.cssSelector(".side:nth-child(1)"));
      WebElement mine = item.findElement(By.cssSelector(".side:nth-child(2)"));
      assertThat(texts(stored, "del"))
          .containsExactly("station,", "furnished")
          .isEqualTo(apiSegments(expected.get(0).get("diff"), "deleted", "left"));
      assertThat(texts(mine, "ins"))
          .containsExactly("station -", "furnished!")
          .isEqualTo(apiSegments(expected.get(0).get("diff"), "inserted", "right"));
      assertThat(stored.findElements(By.cssSelector("ins"))).isEmpty();
      assertThat(mine.findElements(By.cssSelector("del"))).isEmpty();
      assertThat(stored.findElement(By.cssSelector(".text")).getText())
          .isEqualTo(String.join(" ", WordDiff.words(AD)));
      assertThat(mine.findElement(By.cssSelector(".text")).getText())
          .isEqualTo(String.join(" ", WordDiff.words(REPOST)));
      assertThat(browser.find("#legend").isDisplayed()).isTrue();
      assertThat(browser.find("#error").isDisplayed()).isFalse();

      browser.type("#text", "nothing like any listing held here, not at all");
      browser.find("#check-button").click();
      browser.untilText("#results-status", "No near-duplicate");
      assertThat(browser.findAll("#results-list li")).isEmpty();
      assertThat(json(server.get("/stats")).get("documents").asLong())
          .isEqualTo(2); // checking stored nothing
    }
  }

  @Test
  void addThenLookUpReplaceAndDeleteWithTheApisRefusalsShownAsTheirProblems() throws Exception {
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      open(server);
      untilDocuments(0);

      browser.type("#text", AD);
      browser.type("#add-id", "ad-1");
      browser.find("#add-button").click();
      browser.untilText("#results-status", "Added “ad-1”. No near-duplicate");
      untilDocuments(1);
      assertThat(browser.find("#lookup-id").getDomProperty("value")).isEqualTo("ad-1");
      browser.find("#lookup-button").click();
      WebElement article = browser.untilText("#document article", AD);
      assertThat(article.findElement(By.cssSelector("h3")).getText()).isEqualTo("ad-1");

      browser.type("#text", REPOST);
      browser.type("#add-id", "ad 2/b");
      browser.find("#add-button").click();
      browser.untilText("#results-status", "Added “ad 2/b”. 1 near-duplicate");
      assertThat(browser.find("#results-list li.dup").getDomAttribute("data-id")).isEqualTo("ad-1");
      untilDocuments(2);
      assertThat(json(server.get("/documents/ad%202%2Fb")).get("text").asText()).isEqualTo(REPOST);

      browser.find("#add-button").click(); // the same id again
      WebElement error = browser.untilText("#error", "Conflict:");
      assertThat(error.getText()).contains("document 'ad 2/b' already exists");
      browser.find("#upsert").click();
      browser.find("#add-button").click();
      browser.untilText("#results-status", "Stored “ad 2/b”. 1 near-duplicate");
      assertThat(browser.find("#error").isDisplayed()).isFalse();

      browser.type("#lookup-id", "ad 2/b");
      browser.find("#delete-button").click();
      browser.until(d -> d.switchTo().alert()).accept();
      browser.untilText("#document", "Deleted “ad 2/b”.");
      untilDocuments(1);
      assertThat(server.get("/documents/ad%202%2Fb").statusCode()).isEqualTo(404);

      browser.find("#lookup-button").click();
      assertThat(browser.untilText("#error", "Not found:").getText())
          .isEqualTo("Not found: no document 'ad 2/b'");
      assertThat(browser.find("#document").getText()).isEmpty();
    }
  }

  /**
   * A 409 (the id is held) leaves no "Adding…" behind: the results say nothing was added, and the
   * banner points at the page's replace checkbox, which gets the focus, rather than at the API's
   * {@code ?upsert=true}.
   */
  @Test
  void anIdAlreadyHeldSaysNotAddedAndPointsAtTheReplaceCheckbox() throws Exception {
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      open(server);
      untilDocuments(1);

      browser.type("#text", OTHER);
      browser.find("#check-button").click();
      browser.untilText("#results-status", "No near-duplicate");
      browser.type("#text", REPOST);
      browser.type("#add-id", "ad-1");
      browser.find("#add-button").click();
      WebElement error = browser.untilText("#error", "Conflict:");
      assertThat(error.getText())
          .isEqualTo(
              "Conflict: document 'ad-1' already exists; tick “replace a document"
                  + " with this id” and add again to store this text in its place")
          .doesNotContain("upsert");
      assertThat(browser.find("#results-status").getText())
          .isEqualTo("Not added: “ad-1” is already held.");
      assertThat(browser.findAll("#results-list li")).isEmpty();
      assertThat(browser.script("return document.activeElement.id;")).isEqualTo("upsert");
      assertThat(json(server.get("/documents/ad-1")).get("text").asText())
          .isEqualTo(AD); // nothing replaced

      browser.find("#upsert").click();
      browser.find("#add-button").click();
      browser.untilText("#results-status", "Stored “ad-1”.");
      assertThat(browser.find("#error").isDisplayed()).isFalse();
      assertThat(json(server.get("/documents/ad-1")).get("text").asText()).isEqualTo(REPOST);
    }
  }

  /** A failed check leaves no "Checking…" behind, nor the results of an earlier one. */
  @Test
  void aFailedCheckClearsTheResultsAndSaysSo() throws Exception {
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      open(server);
      browser.type("#text", REPOST);
      browser.find("#check-button").click();
      browser.untilText("#results-status", "1 near-duplicate");

      browser.type("#text", "!!! ??? ...");
      browser.script("window.fetch = () => Promise.reject(new TypeError('Failed to fetch'));");
      browser.find("#check-button").click();
      browser.untilText("#error", "Cannot reach the server");
      assertThat(browser.find("#results-status").getText())
          .isEqualTo("Not checked (the message above says why).");
      assertThat(browser.findAll("#results-list li")).isEmpty();
      assertThat(browser.find("#legend").isDisplayed()).isFalse();
    }
  }

  /** A file opened or dropped on the text box fills it and names the id to add it under. */
  @Test
  void aFileOpenedOrDroppedFillsTheTextBox() throws Exception {
    Path file = dir.resolve("listing-9.txt");
    Files.writeString(file, REPOST + "\n");
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      open(server);

      browser.find("#file").sendKeys(file.toAbsolutePath().toString());
      browser.until(
          d -> d.findElement(By.id("text")).getDomProperty("value").equals(REPOST + "\n"));
      assertThat(browser.find("#add-id").getDomProperty("value")).isEqualTo("listing-9.txt");
      browser.find("#check-button").click();
      browser.untilText("#results-status", "1 near-duplicate");

      browser.find("#text").clear();
      browser.script(
          "const box = document.getElementById('text'); const files = new DataTransfer();"
              + " files.items.add(new File([arguments[0]], 'dropped.txt', {type: 'text/plain'}));"
              + " box.dispatchEvent(new DragEvent('drop', {dataTransfer: files, bubbles: true,"
              + " cancelable: true}));",
          AD);
      browser.until(d -> d.findElement(By.id("text")).getDomProperty("value").equals(AD));
      assertThat(browser.find("#add-id").getDomProperty("value"))
          .isEqualTo("listing-9.txt"); // an id given stays
    }
  }

  /**
   * As in the report, a run of more than 150 unchanged words keeps 25 words by each change; a
   * button (reachable by keyboard) shows the rest.
   */
  @Test
  void longUnchangedStretchesAreCutAsInTheReportAndShownOnDemand() throws Exception {
    List<String> words = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      words.add("w" + i);
    }
    String stored = String.join(" ", words);
    words.set(200, "changed");
    String mine = String.join(" ", words);
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "long", "text", stored));
      open(server);
      browser.paste("#text", mine);
      browser.find("#check-button").click();
      browser.untilText("#results-status", "1 near-duplicate");

      WebElement left = browser.find("#results-list .side:nth-child(1) .text");
      assertThat(texts(left, "button.skip"))
          .containsExactly("[… 175 unchanged words …]", "[… 174 unchanged words …]");
      assertThat(texts(left, "del")).containsExactly("w200");
      assertThat(left.getText())
          .startsWith("[… 175 unchanged words …] w175 w176 ") // 25 words each side of w200
          .contains(" w199 w200 w201 ")
          .endsWith(" w224 w225 [… 174 unchanged words …]");
      for (WebElement button : left.findElements(By.cssSelector("button.skip"))) {
        button.sendKeys(Keys.ENTER);
      }
      browser.until(d -> left.findElements(By.cssSelector("button.skip")).isEmpty());
      assertThat(left.getText()).isEqualTo(stored);
      WebElement right = browser.find("#results-list .side:nth-child(2) .text");
      assertThat(texts(right, "ins")).containsExactly("changed");
      assertThat(texts(right, "button.skip")).hasSize(2);
    }
  }

  /** Documents are untrusted: markup in a text or an id is shown as text and never runs. */
  @Test
  void markupInADocumentIsShownAsText() throws Exception {
    String markup =
        "<script>document.title='pwned'</script><img src=x onerror=\"document.title='pwned'\">";
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "<b>bold</b>", "text", markup + " " + AD));
      open(server);

      browser.type("#text", markup + " " + REPOST);
      browser.find("#check-button").click();
      browser.untilText("#results-status", "1 near-duplicate");
      WebElement item = browser.find("#results-list li.dup");
      assertThat(item.findElement(By.cssSelector("h3")).getText()).isEqualTo("<b>bold</b>");
      assertThat(item.findElement(By.cssSelector(".side:nth-child(1) .text")).getText())
          .startsWith(markup);
      browser.type("#lookup-id", "<b>bold</b>");
      browser.find("#lookup-button").click();
      browser.untilText("#document article .text", markup);

      assertThat(browser.findAll("main script, main img, main b")).isEmpty();
      assertThat(browser.driver.getTitle()).isEqualTo("neardup");
    }
  }

  /**
   * An id with bidi controls (U+202E would show {@code gnp.exe} as {@code exe.png}) shows each as a
   * visible {@code ⟨U+202E⟩}, wherever the page shows it.
   */
  @Test
  void bidiControlsInAnIdAreShownNotObeyed() throws Exception {
    String spoof = "ad-\u202Egnp.exe";
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", spoof, "text", AD));
      open(server);

      browser.type("#text", REPOST);
      browser.find("#check-button").click();
      browser.untilText("#results-status", "1 near-duplicate");
      WebElement item = browser.find("#results-list li.dup");
      String shown = item.findElement(By.cssSelector("h3")).getText();
      assertThat(shown).isEqualTo("ad-⟨U+202E⟩gnp.exe").doesNotContain("\u202E");
      assertThat(item.findElement(By.cssSelector(".side:nth-child(1) h4")).getText())
          .contains("⟨U+202E⟩")
          .doesNotContain("\u202E");

      browser.type("#lookup-id", spoof);
      browser.find("#lookup-button").click();
      WebElement article = browser.untilText("#document article", AD);
      assertThat(article.findElement(By.cssSelector("h3")).getText())
          .isEqualTo("ad-⟨U+202E⟩gnp.exe");
      browser.type("#text", AD);
      browser.type("#add-id", spoof);
      browser.find("#add-button").click(); // held: 409
      assertThat(browser.untilText("#error", "Conflict:").getText())
          .contains("⟨U+202E⟩")
          .doesNotContain("\u202E");
      assertThat(browser.find("#results-status").getText()).doesNotContain("\u202E");
    }
  }

  @Test
  void aTokenIsAskedForOnceKeptForTheTabAndAWrongOneIsSaid() throws Exception {
    try (ServerFixture server =
        new ServerFixture(dir.resolve("data"), "the-right-token", 1 << 20)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      browser.driver.get(
          server.root()); // the page itself needs no token; its first call (/stats) does

      browser.until(d -> d.findElement(By.id("token-dialog")).isDisplayed());
      assertThat(browser.find("#token-why").getText())
          .contains("Unauthorized: this server needs 'Authorization: Bearer");
      browser.type("#token", "a-wrong-token");
      browser.find("#token-ok").click();
      assertThat(browser.untilText("#error", "Unauthorized:").getText())
          .isEqualTo("Unauthorized: wrong token");
      assertThat(browser.find("#token-dialog").isDisplayed()).isFalse();
      assertThat(browser.script("return sessionStorage.getItem('neardup.token')")).isNull();

      browser.type("#text", REPOST); // the next call asks again
      browser.find("#check-button").click();
      browser.until(d -> d.findElement(By.id("token-dialog")).isDisplayed());
      browser.type("#token", "the-right-token");
      browser.find("#token").sendKeys(Keys.ENTER);
      browser.untilText("#results-status", "1 near-duplicate");
      assertThat(browser.find("#results-list li.dup").getDomAttribute("data-id")).isEqualTo("ad-1");
      untilDocuments(1);
      browser.until(d -> !d.findElement(By.id("error")).isDisplayed());
      assertThat(browser.script("return sessionStorage.getItem('neardup.token')"))
          .isEqualTo("the-right-token");
      assertThat(browser.script("return localStorage.length")).isEqualTo(0L);

      browser.driver.navigate().refresh(); // kept for the tab: not asked again
      untilDocuments(1);
      assertThat(browser.find("#token-dialog").isDisplayed()).isFalse();

      browser.find("#forget-token").click();
      browser.find("#stats-refresh").click();
      browser.until(d -> d.findElement(By.id("token-dialog")).isDisplayed());
      browser.find("#token-cancel").click();
      assertThat(browser.untilText("#error", "Unauthorized:").getText())
          .isEqualTo("Unauthorized: this server needs 'Authorization: Bearer <token>'");
    }
  }

  @Test
  void withoutStoredTextsThePageSaysWhyThereIsNoDiff() throws Exception {
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20, false)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      open(server);
      browser.untilText("dd[data-stat='texts']", "not kept");

      browser.type("#text", REPOST);
      browser.find("#check-button").click();
      browser.untilText(
          "#results-list li.dup .notext", "the server keeps no texts (it runs with --no-texts)");
      WebElement item = browser.find("#results-list li.dup");
      assertThat(item.getDomAttribute("data-id")).isEqualTo("ad-1");
      assertThat(item.findElements(By.cssSelector(".sides"))).isEmpty();
      assertThat(browser.find("#legend").isDisplayed()).isFalse();
    }
  }

  /**
   * On a phone's width the page fits without sideways scrolling, and the keyboard alone works it.
   */
  @Test
  void atAPhonesWidthTheKeyboardAloneChecksAText() throws Exception {
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson("/documents", Map.of("id", "ad-1", "text", AD));
      browser.driver.manage().window().setSize(new Dimension(360, 800));
      open(server);
      assertThat(((Number) browser.script("return window.innerWidth")).intValue())
          .isLessThanOrEqualTo(400);

      Actions keys = new Actions(browser.driver);
      keys.sendKeys(Keys.TAB).perform();
      assertThat(focused()).isEqualTo("text");
      keys.sendKeys(REPOST)
          .keyDown(Keys.CONTROL)
          .sendKeys(Keys.ENTER)
          .keyUp(Keys.CONTROL)
          .perform();
      browser.untilText("#results-status", "1 near-duplicate");

      List<String> order = new ArrayList<>();
      for (int i = 0; i < 9; i++) {
        keys.sendKeys(Keys.TAB).perform();
        order.add(focused());
      }
      assertThat(order)
          .containsExactly(
              "file",
              "check-button",
              "add-id",
              "upsert",
              "add-button",
              "lookup-id",
              "lookup-button",
              "delete-button",
              "stats-refresh");
      keys.keyDown(Keys.SHIFT).sendKeys(Keys.TAB).keyUp(Keys.SHIFT).perform(); // back to "delete"
      assertThat(focused()).isEqualTo("delete-button");
      assertThat(browser.script("return getComputedStyle(document.activeElement).outlineStyle"))
          .isEqualTo("solid");

      browser.find("#text").clear();
      browser.find("#text").sendKeys(AD);
      browser.find("#check-button").sendKeys(Keys.ENTER);
      browser.untilText("#results-status", "1 near-duplicate");
      WebElement item = browser.find("#results-list li.dup");
      assertThat(item.findElement(By.cssSelector(".similarity data")).getText())
          .isEqualTo("1.000000");

      long scrollWidth = (Long) browser.script("return document.documentElement.scrollWidth");
      long width = (Long) browser.script("return document.documentElement.clientWidth");
      assertThat(scrollWidth).as("no sideways scrolling at 360 px").isLessThanOrEqualTo(width);
      WebElement left = item.findElement(By.cssSelector(".side:nth-child(1)"));
      WebElement right = item.findElement(By.cssSelector(".side:nth-child(2)"));
      assertThat(right.getRect().getY())
          .as("the two texts stack")
          .isGreaterThan(left.getRect().getY());
      save("server-page-phone.png");
    }
  }

  /** A screenshot of the window in target/. */
  private static Path save(String name) throws Exception {
    Path shot = Path.of("target", name);
    Files.createDirectories(shot.getParent());
    Files.write(shot, browser.screenshot());
    return shot;
  }

  private static String focused() {
    return (String) browser.script("return document.activeElement.id");
  }

  /**
   * The screenshot of docs/server.md: a laptop's width after a Check with two results (the whole
   * page, taller than a laptop's screen). Written to target/server-page.png on every run, and over
   * docs/server-page.png with {@code -Dneardup.updateScreenshot=true}.
   */
  @Test
  void aScreenshotAfterACheck() throws Exception {
    browser.driver.manage().window().setSize(new Dimension(LAPTOP_WIDTH, SCREENSHOT_HEIGHT));
    try (ServerFixture server = new ServerFixture(dir.resolve("data"), null, 1 << 20)) {
      server.postJson(
          "/documents",
          Map.of(
              "id",
              "rome-118",
              "text",
              "Bright two-room apartment in Monti, 5 minutes from the Cavour metro station. Fully"
                  + " furnished, new kitchen, washing machine, air conditioning. 1,100 euro a month"
                  + " plus bills, minimum stay 12 months. No agencies please."));
      server.postJson(
          "/documents",
          Map.of(
              "id",
              "rome-342",
              "text",
              "Bright 2-room apartment in Monti, 5 minutes from the Cavour metro station. Fully"
                  + " furnished, new kitchen, washing machine, air conditioning. 1,000 euro a month"
                  + " plus bills, minimum stay 6 months. No agencies."));
      server.postJson(
          "/documents",
          Map.of(
              "id",
              "rome-77",
              "text",
              "Single room in a shared flat in Pigneto, 450 euro"
                  + " all included, available from March."));
      server.postJson("/documents", Map.of("id", "rome-205", "text", OTHER));
      open(server);
      browser.paste(
          "#text",
          "Bright two-room apartment in Monti, 5 minutes from the Cavour metro station! Fully"
              + " furnished, new kitchen, washing machine, air conditioning. 1,000 euro a month"
              + " plus bills, minimum stay 6 months. No agencies please.");
      browser.find("#check-button").click();
      browser.untilText("#results-status", "2 near-duplicates");
      browser.script("window.scrollTo(0, 0); document.activeElement.blur();");
      new Actions(browser.driver).moveToLocation(0, 0).perform(); // no hover on the button

      Path shot = save("server-page.png");
      BufferedImage image = ImageIO.read(shot.toFile());
      assertThat(image.getWidth()).isEqualTo(LAPTOP_WIDTH);
      assertThat(Files.size(shot)).isLessThan(400_000);
      if (Boolean.getBoolean("neardup.updateScreenshot")) {
        Path docs =
            Path.of(System.getProperty("neardup.repo.root", ".."), "docs", "server-page.png");
        Files.write(docs, Files.readAllBytes(shot));
      }
    }
  }
}
