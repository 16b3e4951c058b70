package dev.stratus.hook.hostlist;

import java.util.ArrayList;
import java.util.List;

/** Expands an expression: splits it into terms, each term into literals and bracket groups. */
final class HostlistParser {
  private HostlistParser() {}

  static List<String> expand(String expression, int maxNames) {
    if (expression == null) {
      throw new IllegalArgumentException("hostlist expression must not be null");
    }
    List<String> names = new ArrayList<>();
    int depth = 0;
    int termStart = 0;
    int openAt = -1;
    for (int i = 0; i <= expression.length(); i++) {
      char c = i < expression.length() ? expression.charAt(i) : ',';
      if (c == '[') {
        if (depth > 0) {
          throw new HostlistException(expression, i, "'[' inside brackets");
        }
        depth = 1;
        openAt = i;
      } else if (c == ']') {
        if (depth == 0) {
          throw new HostlistException(expression, i, "']' without a matching '['");
        }
        depth = 0;
      } else if (depth == 0 && (c == ',' || Character.isWhitespace(c))) {
        if (i > termStart) {
          new Term(expression, termStart, i, names, maxNames).expand();
        }
        termStart = i + 1;
      }
    }
    if (depth > 0) {
      throw new HostlistException(expression, openAt, "'[' is never closed");
    }
    return names;
  }

  /** One term, {@code expression[start, end)}: brackets are balanced and not nested. */
  private record Term(String expression, int start, int end, List<String> out, int maxNames) {
    void expand() {
      List<String> literals = new ArrayList<>();
      List<List<String>> groups = new ArrayList<>();
      int i = start;
      while (i < end) {
        int open = expression.indexOf('[', i);
        if (open < 0 || open >= end) {
          if (!groups.isEmpty()) {
            throw new HostlistException(expression, i, "text after the last bracket group");
          }
          literals.add(expression.substring(i, end));
          break;
        }
        int close = expression.indexOf(']', open);
        literals.add(expression.substring(i, open));
        groups.add(RangeList.parse(expression, open + 1, close));
        i = close + 1;
      }
      if (groups.isEmpty()) {
        add(literals.get(0));
        return;
      }
      long total = 1;
      for (List<String> g : groups) {
        total = Math.min(total * g.size(), (long) maxNames + 1);
      }
      if (out.size() + total > maxNames) {
        throw new HostlistException(
            expression, start, "expands to more than " + maxNames + " names");
      }
      cartesian(literals, groups);
    }

    /** Slurm's order: the last group varies fastest, then the first, the second, ... */
    private void cartesian(List<String> literals, List<List<String>> groups) {
      int k = groups.size();
      int[] slowToFast = new int[k];
      for (int d = 0; d < k - 1; d++) {
        slowToFast[d] = k - 2 - d;
      }
      slowToFast[k - 1] = k - 1;
      int[] index = new int[k];
      while (true) {
        StringBuilder name = new StringBuilder();
        for (int g = 0; g < k; g++) {
          name.append(literals.get(g)).append(groups.get(g).get(index[g]));
        }
        add(name.toString());
        int level = k - 1;
        while (level >= 0) {
          int g = slowToFast[level];
          if (++index[g] < groups.get(g).size()) {
            break;
          }
          index[g] = 0;
          level--;
        }
        if (level < 0) {
          return;
        }
      }
    }

    private void add(String name) {
      if (out.size() >= maxNames) {
        throw new HostlistException(
            expression, start, "expands to more than " + maxNames + " names");
      }
      out.add(name);
    }
  }
}
