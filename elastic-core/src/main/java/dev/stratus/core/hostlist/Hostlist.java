package dev.stratus.core.hostlist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/** Placeholder until the full hostlist implementation lands: simple one-group expressions. */
public final class Hostlist {
  private Hostlist() {}

  public static List<String> expand(String expression) {
    List<String> out = new ArrayList<>();
    for (String term : expression.split(",(?![^\\[]*\\])")) {
      int open = term.indexOf('[');
      if (open < 0) {
        out.add(term);
        continue;
      }
      String prefix = term.substring(0, open);
      String body = term.substring(open + 1, term.indexOf(']'));
      for (String part : body.split(",")) {
        String[] range = part.split("-");
        int lo = Integer.parseInt(range[0]);
        int hi = range.length > 1 ? Integer.parseInt(range[1]) : lo;
        for (int i = lo; i <= hi; i++) {
          out.add(prefix + String.format("%0" + range[0].length() + "d", i));
        }
      }
    }
    return out;
  }

  public static String compress(Collection<String> names) {
    return String.join(",", names);
  }
}
