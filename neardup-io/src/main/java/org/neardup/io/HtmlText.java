package org.neardup.io;

import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;

/**
 * The text of an HTML page or fragment, parsed with jsoup: what a browser shows of the body
 * (scripts, styles, templates and hidden elements removed; whitespace collapsed), or only its main
 * content. Stateless and thread-safe.
 */
public final class HtmlText {
  /** Elements never shown. */
  private static final String INVISIBLE = "script, style, noscript, template, [hidden], head";

  /** Elements that frame the content of a page rather than being it. */
  private static final String FRAME =
      "nav, header, footer, aside, form, menu, dialog, [role=navigation], [role=banner],"
          + " [role=contentinfo], [role=complementary], [role=search]";

  /** Class or id words of boilerplate blocks. */
  private static final Pattern BOILERPLATE =
      Pattern.compile(
          "(?i)(^|[\\s_-])(nav|navbar|menu|header|footer|sidebar|breadcrumbs?|cookies?|share|social|related|comments?"
              + "|advert|ads?|banner|promo|newsletter|subscribe)([\\s_-]|$)");

  private HtmlText() {}

  /** The visible text of {@code html}'s body. */
  public static String visible(String html) {
    Document page = Jsoup.parse(html);
    page.select(INVISIBLE).remove();
    return page.body().text();
  }

  /**
   * The text of {@code html}'s main content: the visible text without the page's frame (navigation,
   * header, footer, sidebars, forms and blocks whose class or id names them), taken from the {@code
   * <main>} element or, without one, the longest {@code <article>}, else the whole body.
   */
  public static String main(String html) {
    Document page = Jsoup.parse(html);
    page.select(INVISIBLE).remove();
    Element main = page.selectFirst("main, [role=main]");
    if (main == null) {
      main = longest(page.select("article"));
    }
    Element content = main == null ? page.body() : main;
    content.select(FRAME).remove();
    for (Element element : content.select("[class], [id]")) {
      if (BOILERPLATE.matcher(element.className()).find()
          || BOILERPLATE.matcher(element.id()).find()) {
        element.remove();
      }
    }
    return content.text();
  }

  /**
   * {@code html}'s text as {@code mode} takes it ({@link HtmlMode#MAIN} or else the visible text).
   */
  public static String extract(String html, HtmlMode mode) {
    return mode == HtmlMode.MAIN ? main(html) : visible(html);
  }

  private static Element longest(Elements elements) {
    Element best = null;
    for (Element element : elements) {
      if (best == null || element.text().length() > best.text().length()) {
        best = element;
      }
    }
    return best;
  }
}
