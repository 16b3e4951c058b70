package dev.stratus.provider.azure;

import com.azure.core.util.Context;
import com.azure.resourcemanager.compute.fluent.models.VirtualMachineSizeInner;
import dev.stratus.api.model.Offering;
import dev.stratus.api.spi.ProviderCheck.Result;
import dev.stratus.api.spi.ProviderError;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * {@code stratus providers check} for Azure: read-only calls, one report line each — the resource
 * group (credentials + subscription), the VMs in it (the read Stratus lists with), the subnet (the
 * NIC's join permission starts with read), and the VM sizes of the location (the offerings exist
 * there). Nothing is created.
 */
final class AzureChecks {
  private static final Pattern SUBNET =
      Pattern.compile(
          "(?i)/subscriptions/[^/]+/resourceGroups/([^/]+)/providers/Microsoft\\.Network"
              + "/virtualNetworks/([^/]+)/subnets/([^/]+)");

  private final AzureSettings s;
  private final AzureClients clients;
  private final ArmCalls arm;
  private final List<Offering> offerings;

  AzureChecks(AzureSettings s, AzureClients clients, ArmCalls arm, List<Offering> offerings) {
    this.s = s;
    this.clients = clients;
    this.arm = arm;
    this.offerings = offerings;
  }

  List<Result> run() {
    List<Result> results = new ArrayList<>();
    results.add(
        one(
            "resource group",
            "Microsoft.Resources/subscriptions/resourceGroups/read",
            () -> {
              var rg = clients.resources().getResourceGroups().get(s.resourceGroup());
              return s.resourceGroup() + " in " + rg.location();
            }));
    results.add(
        one(
            "list virtual machines",
            "Microsoft.Compute/virtualMachines/read",
            () -> arm.firstVmPage().getValue().size() + " VM(s) on the first page"));
    results.add(
        one(
            "subnet",
            "Microsoft.Network/virtualNetworks/subnets/read",
            () -> {
              Matcher m = SUBNET.matcher(s.subnetId());
              if (!m.matches()) {
                throw new IllegalStateException("subnetId is not a subnet id");
              }
              var subnet =
                  arm.call(
                      "Subnets.Get",
                      () ->
                          clients
                              .network()
                              .getSubnets()
                              .getWithResponse(
                                  m.group(1), m.group(2), m.group(3), null, Context.NONE)
                              .getValue());
              return subnet.name() + " " + subnet.addressPrefix();
            }));
    results.add(sizes());
    return results;
  }

  private Result sizes() {
    String what = "vm sizes in " + s.location();
    try {
      List<VirtualMachineSizeInner> list =
          arm.call(
              "VirtualMachineSizes.List",
              () -> {
                List<VirtualMachineSizeInner> all = new ArrayList<>();
                clients.compute().getVirtualMachineSizes().list(s.location()).forEach(all::add);
                return all;
              });
      Set<String> available =
          list.stream().map(v -> v.name().toLowerCase(Locale.ROOT)).collect(Collectors.toSet());
      Set<String> missing = new TreeSet<>();
      for (Offering o : offerings) {
        if (!available.contains(o.key().instanceType().toLowerCase(Locale.ROOT))) {
          missing.add(o.key().instanceType());
        }
      }
      return missing.isEmpty()
          ? new Result(what, true, offerings.size() + " offering(s), every size is offered")
          : new Result(
              what,
              false,
              "not offered to this subscription in "
                  + s.location()
                  + ": "
                  + missing
                  + " (request access or change the offerings)");
    } catch (ProviderException e) {
      return failed(what, "Microsoft.Compute/locations/vmSizes/read", e.error());
    }
  }

  private Result one(String what, String permission, Callable<String> call) {
    try {
      return new Result(what, true, call.call());
    } catch (ProviderException e) {
      return failed(what, permission, e.error());
    } catch (Exception e) {
      return failed(what, permission, AzureErrors.translate(e));
    }
  }

  private static Result failed(String what, String permission, ProviderError e) {
    String hint =
        e instanceof ProviderError.Unauthorized
            ? " (grant " + permission + " to the identity)"
            : "";
    return new Result(what, false, e.describe() + hint);
  }
}
