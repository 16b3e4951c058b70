package dev.stratus.tests.support;

import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The metric names a PromQL expression (as the rules and the dashboard write them) selects. What is
 * not a name is taken out first: Grafana's {@code $variables}, string literals, label matchers
 * {@code {...}}, ranges {@code [...]} and grouping clauses {@code by (...)}; of the identifiers
 * left, those followed by {@code (} are functions or aggregations and the rest of the keywords are
 * operators. Enough for the expressions here (no subqueries with their own names in strings).
 */
public final class PromQl {
  private static final Pattern STRING =
      Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'");
  private static final Pattern GROUPING =
      Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
  private static final Set<String> KEYWORDS =
      Set.of(
          "and",
          "or",
          "unless",
          "by",
          "without",
          "on",
          "ignoring",
          "group_left",
          "group_right",
          "bool",
          "offset",
          "inf",
          "nan");

  private PromQl() {}

  public static Set<String> metricNames(String expr) {
    String s = expr.replaceAll("\\$\\{?\\w+}?", "5m");
    s = STRING.matcher(s).replaceAll("\"\"");
    s = s.replaceAll("\\{[^}]*}", " ").replaceAll("\\[[^]]*]", " ");
    s = GROUPING.matcher(s).replaceAll(" ");
    Set<String> names = new TreeSet<>();
    Matcher m = IDENTIFIER.matcher(s);
    while (m.find()) {
      String word = m.group();
      boolean call = s.substring(m.end()).stripLeading().startsWith("(");
      boolean number = m.start() > 0 && Character.isDigit(s.charAt(m.start() - 1));
      if (!call && !number && !KEYWORDS.contains(word.toLowerCase(Locale.ROOT))) {
        names.add(word);
      }
    }
    return names;
  }
}
