package dev.stratus.tests.vault;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Vault's ACL rules as its policy docs ("Policies": path matching and priority, templated policies)
 * define them, for the model's tokens: a rule path is exact, or ends in a glob {@code *} (prefix
 * match), and a {@code +} matches one whole segment; of the rules that match, only the most
 * specific counts (first wildcard later, no trailing glob, fewer {@code +}, longer, larger); a
 * {@code deny} there refuses all. A path may hold {@code {{identity.entity.aliases.<mount
 * accessor>.metadata.<key>}}}, filled from the token's entity alias on that mount; a rule whose
 * template cannot be filled is left out, so it grants nothing.
 */
final class PolicyModel {
  private static final Pattern TEMPLATE =
      Pattern.compile("\\{\\{identity\\.entity\\.aliases\\.([^.}]+)\\.metadata\\.([^}]+)}}");

  /** One {@code path "..." { capabilities = [...] }} block. */
  record Rule(String path, Set<String> capabilities) {}

  /** The entity alias a login made: its auth mount's accessor and the alias metadata. */
  record Alias(String mountAccessor, Map<String, String> metadata) {
    static final Alias NONE = new Alias("", Map.of());
  }

  private PolicyModel() {}

  /**
   * Whether {@code rules}, templated for {@code alias}, grant {@code capability} on {@code path}.
   */
  static boolean allows(List<Rule> rules, Alias alias, String path, String capability) {
    List<Rule> matching = new ArrayList<>();
    for (Rule r : rules) {
      resolve(r.path(), alias)
          .filter(p -> matches(p, path))
          .ifPresent(p -> matching.add(new Rule(p, r.capabilities())));
    }
    Optional<Rule> best =
        matching.stream().max(Comparator.comparing(Rule::path, PolicyModel::priority));
    if (best.isEmpty()) {
      return false;
    }
    // the same pattern in several policies: the union of their capabilities
    Set<String> caps = new HashSet<>();
    matching.stream()
        .filter(r -> r.path().equals(best.get().path()))
        .forEach(r -> caps.addAll(r.capabilities()));
    return !caps.contains("deny") && caps.contains(capability);
  }

  static Optional<String> resolve(String rulePath, Alias alias) {
    Matcher m = TEMPLATE.matcher(rulePath);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value =
          m.group(1).equals(alias.mountAccessor()) ? alias.metadata().get(m.group(2)) : null;
      if (value == null || value.isEmpty()) {
        return Optional.empty();
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return Optional.of(out.toString());
  }

  static boolean matches(String rule, String path) {
    boolean glob = rule.endsWith("*");
    String[] r = (glob ? rule.substring(0, rule.length() - 1) : rule).split("/", -1);
    String[] p = path.split("/", -1);
    if (glob ? p.length < r.length : p.length != r.length) {
      return false;
    }
    for (int i = 0; i < r.length; i++) {
      boolean last = i == r.length - 1;
      if (r[i].equals("+")) {
        continue;
      }
      if (glob && last ? !p[i].startsWith(r[i]) : !p[i].equals(r[i])) {
        return false;
      }
    }
    return true;
  }

  /** Positive when {@code a} is more specific than {@code b} (the docs' five rules, reversed). */
  static int priority(String a, String b) {
    int wa = firstWildcard(a);
    int wb = firstWildcard(b);
    if (wa != wb) {
      return Integer.compare(wa, wb);
    }
    if (a.endsWith("*") != b.endsWith("*")) {
      return a.endsWith("*") ? -1 : 1;
    }
    long pa = a.chars().filter(c -> c == '+').count();
    long pb = b.chars().filter(c -> c == '+').count();
    if (pa != pb) {
      return Long.compare(pb, pa);
    }
    if (a.length() != b.length()) {
      return Integer.compare(a.length(), b.length());
    }
    return a.compareTo(b);
  }

  private static int firstWildcard(String p) {
    int plus = p.indexOf('+');
    int star = p.indexOf('*');
    int first = Math.min(plus < 0 ? Integer.MAX_VALUE : plus, star < 0 ? Integer.MAX_VALUE : star);
    return first;
  }
}
