package dev.stratus.api.spi;

import dev.stratus.api.model.Instance;
import java.util.List;
import java.util.Map;

/**
 * Optional capability: where the provider really put instances in its network, for topology.conf.
 *
 * <p>Contract: the answer maps instance id to a path of switch names from the top of the network
 * down to the switch the instance hangs on (e.g. {@code [spine-a, leaf-3]}); names are unique per
 * level across the provider. An instance the cloud has no placement for (a type without topology
 * data, one terminated meanwhile, an id it does not know) is left out of the answer, never an
 * error; {@link ProviderException} only when the cloud could not be asked (the controller keeps the
 * paths it had). Read-only. It may call the cloud once per instance: the controller asks only about
 * running instances whose placement it does not know yet (a running instance never moves), from its
 * pass thread, while launches and terminations may run on others.
 */
public interface PlacementAware {
  Map<String, List<String>> placement(List<Instance> instances);
}
