package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notNull;

import java.time.DayOfWeek;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.TemporalAdjusters;
import java.util.Optional;

/**
 * When a budget's money is counted: each calendar day, week (from Monday) or month in a time zone,
 * or one fixed window. A new period starts from zero spent: that is the roll-over.
 */
public sealed interface BudgetPeriod {
  /** The period {@code now} falls in; empty for a fixed window {@code now} is outside of. */
  Optional<Window> window(Instant now);

  /** {@code day}, {@code week}, {@code month}, or the fixed window's dates. */
  String label();

  /** {@code [from, to)}. */
  record Window(Instant from, Instant to) {
    public Window {
      notNull("from", from);
      notNull("to", to);
      if (!from.isBefore(to)) {
        throw new IllegalArgumentException("window " + from + ".." + to + " is empty");
      }
    }

    public boolean contains(Instant t) {
      return !t.isBefore(from) && t.isBefore(to);
    }
  }

  record Day(ZoneId zone) implements BudgetPeriod {
    @Override
    public Optional<Window> window(Instant now) {
      ZonedDateTime start = LocalDate.ofInstant(now, zone).atStartOfDay(zone);
      return Optional.of(new Window(start.toInstant(), start.plusDays(1).toInstant()));
    }

    @Override
    public String label() {
      return "day";
    }
  }

  record Week(ZoneId zone) implements BudgetPeriod {
    @Override
    public Optional<Window> window(Instant now) {
      LocalDate monday =
          LocalDate.ofInstant(now, zone).with(TemporalAdjusters.previousOrSame(DayOfWeek.MONDAY));
      ZonedDateTime start = monday.atStartOfDay(zone);
      return Optional.of(new Window(start.toInstant(), start.plusWeeks(1).toInstant()));
    }

    @Override
    public String label() {
      return "week";
    }
  }

  record Month(ZoneId zone) implements BudgetPeriod {
    @Override
    public Optional<Window> window(Instant now) {
      ZonedDateTime start = LocalDate.ofInstant(now, zone).withDayOfMonth(1).atStartOfDay(zone);
      return Optional.of(new Window(start.toInstant(), start.plusMonths(1).toInstant()));
    }

    @Override
    public String label() {
      return "month";
    }
  }

  record Fixed(Window window) implements BudgetPeriod {
    public Fixed {
      notNull("window", window);
    }

    @Override
    public Optional<Window> window(Instant now) {
      return window.contains(now) ? Optional.of(window) : Optional.empty();
    }

    @Override
    public String label() {
      return window.from() + ".." + window.to();
    }
  }
}
