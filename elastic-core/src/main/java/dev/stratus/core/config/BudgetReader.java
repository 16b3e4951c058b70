package dev.stratus.core.config;

import dev.stratus.core.config.YamlNode.ListNode;
import dev.stratus.core.config.YamlNode.MapNode;
import dev.stratus.core.config.YamlNode.Scalar;
import dev.stratus.core.money.Budget;
import dev.stratus.core.money.BudgetPeriod;
import dev.stratus.core.money.BudgetScope;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code budgets:}, a list of
 *
 * <pre>
 * - name: team-a            # appears in reasons: "stratus: budget team-a month: ..."
 *   scope: {account: team-a}  # or cluster, {user: U}, {partition: P}, {pool: P}
 *   period: month           # day, week (from Monday), month, or {from: 2026-11-01, to: 2026-12-01}
 *   timezone: UTC           # where days, weeks and months start (default UTC)
 *   amount: 1000            # USD
 *   mode: hard              # hard (admission) or soft (alerts)
 *   spotOnly: false         # soft only: once spent, jobs may use spot capacity only
 *   alerts: [50, 80, 100]   # percent of amount spent (default [80, 100])
 *   webhook: https://...    # optional: a JSON POST for each alert
 * </pre>
 *
 * Each error names the file, line and field.
 */
final class BudgetReader {
  private static final String[] KEYS = {
    "name", "scope", "period", "timezone", "amount", "mode", "spotOnly", "alerts", "webhook"
  };

  private BudgetReader() {}

  static List<Budget> read(Fields root, Set<String> pools) {
    if (root.node("budgets").isEmpty()) {
      return List.of();
    }
    List<Budget> budgets = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (Fields f : root.list("budgets", KEYS)) {
      if (!names.add(f.string("name"))) {
        throw f.error("name", "two budgets are named '" + f.string("name") + "'");
      }
      ZoneId zone = zone(f);
      BudgetScope scope = scope(f, pools);
      BudgetPeriod period = period(f, zone);
      BigDecimal amount = f.decimal("amount");
      Budget.Mode mode = mode(f);
      boolean spotOnly = f.bool("spotOnly", false);
      List<Integer> alerts = alerts(f);
      Optional<String> webhook = f.node("webhook").map(n -> webhook(f).toString());
      budgets.add(
          ConfigLoader.build(
              f,
              () ->
                  new Budget(
                      f.string("name"), scope, period, amount, mode, spotOnly, alerts, webhook)));
    }
    return budgets;
  }

  private static ZoneId zone(Fields f) {
    String z = f.string("timezone", "UTC");
    try {
      return ZoneId.of(z);
    } catch (DateTimeException e) {
      throw f.error("timezone", "unknown time zone '" + z + "' (e.g. UTC, Europe/Berlin)");
    }
  }

  private static BudgetScope scope(Fields f, Set<String> pools) {
    YamlNode n = f.required("scope");
    if (n instanceof Scalar s && s.text().equals("cluster")) {
      return BudgetScope.CLUSTER;
    }
    if (!(n instanceof MapNode)) {
      throw f.error(
          "scope", "must be cluster or one of {account: A}, {user: U}, {partition: P}, {pool: P}");
    }
    Fields s = Fields.of(f.doc(), f.child("scope"), n, "account", "user", "partition", "pool");
    List<String> given = s.raw().entries().keySet().stream().toList();
    if (given.size() != 1) {
      throw f.error("scope", "must name exactly one of account, user, partition, pool");
    }
    String kind = given.get(0);
    String value = s.string(kind);
    if (kind.equals("pool") && !pools.contains(value)) {
      throw s.error(kind, "no pool named '" + value + "' (have: " + String.join(", ", pools) + ")");
    }
    return new BudgetScope(BudgetScope.Kind.valueOf(kind.toUpperCase(Locale.ROOT)), value);
  }

  private static BudgetPeriod period(Fields f, ZoneId zone) {
    YamlNode n = f.required("period");
    if (n instanceof Scalar s) {
      return switch (s.text()) {
        case "day" -> new BudgetPeriod.Day(zone);
        case "week" -> new BudgetPeriod.Week(zone);
        case "month" -> new BudgetPeriod.Month(zone);
        default ->
            throw f.error(
                "period",
                "must be day, week, month or {from: ..., to: ...}, got '" + s.text() + "'");
      };
    }
    Fields w = Fields.of(f.doc(), f.child("period"), n, "from", "to");
    Instant from = moment(w, "from", zone);
    Instant to = moment(w, "to", zone);
    if (!from.isBefore(to)) {
      throw w.error("to", "must be after from (" + from + ")");
    }
    return new BudgetPeriod.Fixed(new BudgetPeriod.Window(from, to));
  }

  /** {@code 2026-11-01} (the start of that day in the budget's zone) or an ISO instant. */
  private static Instant moment(Fields w, String key, ZoneId zone) {
    String text = w.string(key);
    try {
      return text.length() == 10
          ? LocalDate.parse(text).atStartOfDay(zone).toInstant()
          : Instant.parse(text);
    } catch (DateTimeException e) {
      throw w.error(
          key,
          "expected a date (2026-11-01) or an instant (2026-11-01T00:00:00Z), got '" + text + "'");
    }
  }

  private static Budget.Mode mode(Fields f) {
    String m = f.string("mode", "hard");
    return switch (m) {
      case "hard" -> Budget.Mode.HARD;
      case "soft" -> Budget.Mode.SOFT;
      default -> throw f.error("mode", "must be hard or soft, got '" + m + "'");
    };
  }

  private static List<Integer> alerts(Fields f) {
    Optional<YamlNode> n = f.node("alerts");
    if (n.isEmpty()) {
      return List.of(80, 100);
    }
    if (!(n.get() instanceof ListNode list)) {
      throw f.error("alerts", "expected a list of percents, e.g. [50, 80, 100]");
    }
    List<Integer> out = new ArrayList<>();
    for (YamlNode item : list.items()) {
      if (!(item instanceof Scalar s) || s.kind() != Scalar.Kind.INTEGER) {
        throw f.error("alerts", "expected whole percents, got " + Fields.kind(item));
      }
      try {
        out.add(Integer.parseInt(s.text()));
      } catch (NumberFormatException e) {
        throw f.error("alerts", "percent " + s.text() + " is out of range");
      }
    }
    return out;
  }

  private static URI webhook(Fields f) {
    String text = f.string("webhook");
    try {
      URI uri = new URI(text);
      if (!("https".equals(uri.getScheme()) || "http".equals(uri.getScheme()))
          || uri.getHost() == null) {
        throw f.error("webhook", "must be an http(s) URL, got '" + text + "'");
      }
      return uri;
    } catch (URISyntaxException e) {
      throw f.error("webhook", "not a URL: '" + text + "'");
    }
  }
}
