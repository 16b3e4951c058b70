package dev.stratus.api.spi;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The keys a provider's settings block may hold, declared once by its {@link NodeProviderFactory}
 * and used twice: by {@code ConfigLoader} when stratus.yaml is loaded (so a typo is refused by
 * {@code stratus config render} and {@code stratus status}, at its line, long before the controller
 * starts) and by {@link SettingsReader} when the provider reads its block.
 *
 * <p>{@code blocks} gives the keys of a nested block: a key whose value is a mapping, or a list of
 * mappings (each entry of an {@code offerings} list, say), with keys of its own. A key named in
 * {@code names} but not in {@code blocks} is free-form below it (zone names as keys, say): the
 * provider checks its content itself.
 */
public record SettingKeys(SortedSet<String> names, Map<String, SettingKeys> blocks) {
  public SettingKeys {
    names = Collections.unmodifiableSortedSet(new TreeSet<>(names));
    blocks = Collections.unmodifiableMap(new LinkedHashMap<>(blocks));
    for (String key : blocks.keySet()) {
      if (!names.contains(key)) {
        throw new IllegalArgumentException("block '" + key + "' is not among the keys " + names);
      }
    }
  }

  public static SettingKeys of(String... names) {
    return new SettingKeys(new TreeSet<>(Set.of(names)), Map.of());
  }

  /** The same keys, where {@code key}'s value (a mapping or a list of them) holds {@code block}. */
  public SettingKeys with(String key, SettingKeys block) {
    Map<String, SettingKeys> more = new LinkedHashMap<>(blocks);
    more.put(key, block);
    return new SettingKeys(names, more);
  }

  /** The keys of the block under {@code key}; empty when it is free-form. */
  public Optional<SettingKeys> block(String key) {
    return Optional.ofNullable(blocks.get(key));
  }

  /** Why the first key of {@code present} that is not declared is refused; empty when none. */
  public Optional<String> unknown(Collection<String> present) {
    for (String key : present) {
      if (!names.contains(key)) {
        return Optional.of("unknown setting '" + key + "'; known: " + names);
      }
    }
    return Optional.empty();
  }

  /**
   * @param where the block's place in stratus.yaml, e.g. {@code providers.aws.offerings[1]}
   * @throws IllegalArgumentException naming {@code where}, the unknown key and the known ones
   */
  public void check(String where, Collection<String> present) {
    unknown(present)
        .ifPresent(
            problem -> {
              throw new IllegalArgumentException(where + ": " + problem);
            });
  }
}
