package dev.stratus.core.spi;

import dev.stratus.core.model.Instance;
import java.util.List;
import java.util.Map;

/**
 * Optional capability: where the provider really put instances in its network, as a path of switch
 * names from the top (e.g. {@code [spine-a, leaf-3]}), for topology.conf.
 */
public interface PlacementAware {
  Map<String, List<String>> placement(List<Instance> instances);
}
