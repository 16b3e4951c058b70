package dev.stratus.core.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A job's {@code --constraint} (squeue's {@code features}) in Slurm's syntax: feature names joined
 * by {@code &} (and) and {@code |} (or), grouped with {@code (...)} or {@code [...]} (matching or),
 * a name or group optionally followed by a node count {@code *N}. It is evaluated for nodes that
 * all have the same features, which is what one launch gives a job (one offering): a count then
 * asks nothing more than the feature itself, and a matching or is an or. {@code &} binds tighter
 * than {@code |}.
 */
public final class Constraint {
  /** No constraint: every feature set is allowed. */
  public static final Constraint NONE = new Constraint(features -> true, "");

  private interface Expr {
    boolean matches(Set<String> features);
  }

  private final Expr expr;
  private final String text;

  private Constraint(Expr expr, String text) {
    this.expr = expr;
    this.text = text;
  }

  /**
   * The constraint, {@link #NONE} for a blank one, or empty when Slurm's syntax is not followed
   * here (Slurm accepted the job, so the caller should not refuse it on that account).
   */
  public static Optional<Constraint> parse(String text) {
    if (text == null || text.isBlank()) {
      return Optional.of(NONE);
    }
    Parser p = new Parser(text.strip());
    try {
      Expr e = p.or();
      if (p.at < p.text.length()) {
        return Optional.empty();
      }
      return Optional.of(new Constraint(e, text.strip()));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  /** True when nodes with exactly {@code features} satisfy the constraint. */
  public boolean allows(Set<String> features) {
    return expr.matches(features);
  }

  @Override
  public String toString() {
    return text;
  }

  private static final class Parser {
    final String text;
    int at;

    Parser(String text) {
      this.text = text;
    }

    Expr or() {
      return joined('|', this::and, true);
    }

    Expr and() {
      return joined('&', this::unit, false);
    }

    /** {@code next} terms joined by {@code op}: any of them must match, or all. */
    private Expr joined(char op, Supplier<Expr> next, boolean any) {
      List<Expr> terms = new ArrayList<>(List.of(next.get()));
      while (peek(op)) {
        at++;
        terms.add(next.get());
      }
      if (terms.size() == 1) {
        return terms.get(0);
      }
      return any
          ? f -> terms.stream().anyMatch(t -> t.matches(f))
          : f -> terms.stream().allMatch(t -> t.matches(f));
    }

    Expr unit() {
      Expr e;
      if (peek('(') || peek('[')) {
        char close = text.charAt(at) == '(' ? ')' : ']';
        at++;
        e = or();
        if (!peek(close)) {
          throw new IllegalArgumentException("missing " + close);
        }
        at++;
      } else {
        int start = at;
        while (at < text.length() && "&|()[]*".indexOf(text.charAt(at)) < 0) {
          at++;
        }
        String name = text.substring(start, at).strip();
        if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
          throw new IllegalArgumentException("no feature name at " + start);
        }
        e = f -> f.contains(name);
      }
      if (peek('*')) {
        at++;
        int start = at;
        while (at < text.length() && Character.isDigit(text.charAt(at))) {
          at++;
        }
        if (at == start) {
          throw new IllegalArgumentException("no count after *");
        }
      }
      return e;
    }

    boolean peek(char c) {
      return at < text.length() && text.charAt(at) == c;
    }
  }
}
