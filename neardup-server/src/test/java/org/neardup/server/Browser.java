package org.neardup.server;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium driven through its chromedriver (Selenium WebDriver), for the page's tests.
 *
 * <p>It uses the installed browser and driver, Debian's {@code chromium} and {@code
 * chromium-driver} ({@code /usr/bin/chromium}, {@code /usr/bin/chromedriver}; other paths through
 * the system properties {@code neardup.chromium} and {@code neardup.chromedriver}), so Selenium
 * Manager, which would download drivers and send usage statistics, never runs. Without them the
 * tests are skipped with a message, unless the environment variable {@code
 * NEARDUP_BROWSER_TESTS=required} (set by {@code .ci/run}) makes that a failure. Chromium starts
 * with a fresh profile and without its background network traffic (updates, sync, safe browsing),
 * which a closed network would stall.
 */
final class Browser implements AutoCloseable {
  /** Generous: these waits are for UI state on a loaded machine, never a timing assertion. */
  static final Duration WAIT = Duration.ofSeconds(30);

  private static final Path CHROMIUM =
      Path.of(System.getProperty("neardup.chromium", "/usr/bin/chromium"));
  private static final Path CHROMEDRIVER =
      Path.of(System.getProperty("neardup.chromedriver", "/usr/bin/chromedriver"));

  /** Held, so the level set on it stays (java.util.logging keeps loggers weakly). */
  private static final Logger SELENIUM_LOG = Logger.getLogger("org.openqa.selenium");

  private static boolean skipSaid;

  final ChromeDriver driver;
  private final Path profile;

  private Browser(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  /**
   * Starts Chromium with a window of {@code width} x {@code height}, or skips the test (says why on
   * stderr, once) when Chromium or chromedriver is missing.
   */
  static Browser start(int width, int height) throws Exception {
    String missing =
        !Files.isExecutable(CHROMIUM)
            ? CHROMIUM.toString()
            : !Files.isExecutable(CHROMEDRIVER) ? CHROMEDRIVER.toString() : null;
    if (missing != null) {
      String message =
          "browser test skipped: "
              + missing
              + " is not installed"
              + " (apt-get install chromium chromium-driver; .ci/run installs them)";
      if ("required".equals(System.getenv("NEARDUP_BROWSER_TESTS"))) {
        Assertions.fail(message.replace("skipped", "required (NEARDUP_BROWSER_TESTS=required)"));
      }
      if (!skipSaid) {
        skipSaid = true;
        System.err.println("neardup: " + message);
      }
      Assumptions.assumeTrue(false, message);
    }
    // Selenium Manager is bypassed by the driver path below; should it run anyway, no statistics.
    System.setProperty("SE_AVOID_STATS", "true");
    System.setProperty("SE_OFFLINE", "true");
    SELENIUM_LOG.setLevel(Level.SEVERE); // "no CDP implementation matching N": the tests use none
    Path profile = Files.createTempDirectory("neardup-chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--no-default-browser-check",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-extensions",
        "--hide-scrollbars",
        "--force-device-scale-factor=1",
        "--lang=en-US",
        "--user-data-dir=" + profile,
        "--window-size=" + width + "," + height);
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .withLogOutput(OutputStream.nullOutputStream())
            .build();
    ChromeDriver driver = new ChromeDriver(service, options);
    driver.manage().timeouts().pageLoadTimeout(WAIT).scriptTimeout(WAIT);
    driver.manage().window().setSize(new Dimension(width, height));
    return new Browser(driver, profile);
  }

  WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  List<WebElement> findAll(String css) {
    return driver.findElements(By.cssSelector(css));
  }

  /** Waits (up to {@link #WAIT}) until {@code condition} gives a value other than null or false. */
  <T> T until(Function<WebDriver, T> condition) {
    return new WebDriverWait(driver, WAIT).until(condition);
  }

  /** Waits until the element {@code css} exists and shows {@code text} somewhere in its text. */
  WebElement untilText(String css, String text) {
    return until(
        d -> {
          List<WebElement> found = d.findElements(By.cssSelector(css));
          boolean shown =
              !found.isEmpty()
                  && found.get(0).isDisplayed()
                  && found.get(0).getText().contains(text);
          return shown ? found.get(0) : null;
        });
  }

  Object script(String script, Object... arguments) {
    return ((JavascriptExecutor) driver).executeScript(script, arguments);
  }

  /** Replaces the text of the input or text area {@code css} by {@code text}, typed as keys. */
  void type(String css, String text) {
    WebElement element = find(css);
    element.clear();
    element.sendKeys(text);
  }

  /**
   * Sets a text area's value at once and tells the page, as a paste would: typing thousands of
   * characters key by key is slow and proves nothing more.
   */
  void paste(String css, String text) {
    script(
        "const e = document.querySelector(arguments[0]); e.value = arguments[1];"
            + " e.dispatchEvent(new Event('input', {bubbles: true}));",
        css,
        text);
  }

  /** A PNG of the window's viewport. */
  byte[] screenshot() {
    return driver.getScreenshotAs(OutputType.BYTES);
  }

  @Override
  public void close() throws Exception {
    try {
      driver.quit();
    } finally {
      try (var files = Files.walk(profile)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }
}
