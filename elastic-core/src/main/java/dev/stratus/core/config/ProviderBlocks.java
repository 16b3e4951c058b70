package dev.stratus.core.config;

import dev.stratus.api.spi.NodeProviderFactory;
import dev.stratus.api.spi.SettingKeys;
import dev.stratus.core.config.YamlNode.ListNode;
import dev.stratus.core.config.YamlNode.MapNode;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code providers:} section: each provider's block as plain values ({@link FreeForm}), its
 * keys checked against the {@link SettingKeys} its factory declares. The factories are the ones on
 * the class path (found by {@code ServiceLoader}, so the core names no provider), and a provider
 * the file names but the class path lacks is an error here: the controller could not create it
 * either. Only keys are checked here; values are the provider's to read when it is created.
 */
final class ProviderBlocks {
  private ProviderBlocks() {}

  static Map<String, Map<String, Object>> read(
      Fields root, Map<String, NodeProviderFactory> factories) {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    root.node("providers")
        .ifPresent(
            n -> {
              Fields all = Fields.freeForm(root.doc(), "providers", n);
              for (var e : all.raw().entries().entrySet()) {
                String name = e.getKey();
                NodeProviderFactory factory = factories.get(name);
                if (factory == null) {
                  throw root.doc()
                      .error(e.getValue().keyMark(), all.child(name), notFound(name, factories));
                }
                var block = all.node(name);
                block.ifPresent(b -> check(root.doc(), all.child(name), b, factory.settingKeys()));
                out.put(
                    name,
                    block
                        .map(b -> FreeForm.block(Fields.freeForm(root.doc(), all.child(name), b)))
                        .orElse(Map.of()));
              }
            });
    return out;
  }

  private static String notFound(String name, Map<String, NodeProviderFactory> factories) {
    return "no provider named '"
        + name
        + "' is on the class path (found: "
        + (factories.isEmpty() ? "none" : String.join(", ", factories.keySet()))
        + "); a provider is a jar registering a "
        + NodeProviderFactory.class.getName()
        + ", and the stratus distribution bundles local, aws, gcp and azure";
  }

  /** Refuses the first key {@code keys} does not declare, at its line, inside nested blocks too. */
  private static void check(Fields.Doc doc, String path, YamlNode node, SettingKeys keys) {
    if (!(node instanceof MapNode map)) {
      return; // not a mapping: the provider's reader says what it should be
    }
    for (var e : map.entries().entrySet()) {
      String key = e.getKey();
      keys.unknown(List.of(key))
          .ifPresent(
              problem -> {
                throw doc.error(e.getValue().keyMark(), path, problem);
              });
      String child = path + "." + key;
      var inner = keys.block(key);
      if (inner.isEmpty()) {
        continue;
      }
      if (e.getValue().value() instanceof ListNode list) {
        for (int i = 0; i < list.items().size(); i++) {
          check(doc, child + "[" + i + "]", list.items().get(i), inner.get());
        }
      } else {
        check(doc, child, e.getValue().value(), inner.get());
      }
    }
  }
}
