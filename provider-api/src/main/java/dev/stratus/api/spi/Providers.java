package dev.stratus.api.spi;

import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/** Finds provider factories on the class path. */
public final class Providers {
  private Providers() {}

  /** Every factory on the class path, by name. Two factories with one name is an error. */
  public static Map<String, NodeProviderFactory> discover(ClassLoader loader) {
    Map<String, NodeProviderFactory> byName = new TreeMap<>();
    for (NodeProviderFactory factory : ServiceLoader.load(NodeProviderFactory.class, loader)) {
      NodeProviderFactory previous = byName.putIfAbsent(factory.name(), factory);
      if (previous != null) {
        throw new IllegalStateException(
            "two providers are named '"
                + factory.name()
                + "': "
                + previous.getClass().getName()
                + " and "
                + factory.getClass().getName());
      }
    }
    return byName;
  }

  public static NodeProviderFactory find(String name) {
    Map<String, NodeProviderFactory> all = discover(Providers.class.getClassLoader());
    NodeProviderFactory factory = all.get(name);
    if (factory == null) {
      throw new IllegalArgumentException(
          "no provider named '" + name + "' on the class path; found " + all.keySet());
    }
    return factory;
  }
}
