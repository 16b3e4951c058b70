package dev.stratus.provider.aws;

import dev.stratus.api.model.Offering;
import dev.stratus.api.model.Tags;
import dev.stratus.api.spi.LaunchRequest;
import dev.stratus.api.spi.ProviderCheck.Result;
import dev.stratus.api.spi.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import software.amazon.awssdk.services.ec2.Ec2Client;

/**
 * {@code stratus providers check} for EC2: each permission Stratus needs is asked with {@code
 * DryRun=true}, which EC2 answers with {@code DryRunOperation} when the call would be allowed and
 * {@code UnauthorizedOperation} when not. Nothing is launched, tagged or deleted.
 */
final class AwsCheck {
  private final Ec2Api api;
  private final AwsSettings settings;

  AwsCheck(Ec2Api api, AwsSettings settings) {
    this.api = api;
    this.settings = settings;
  }

  List<Result> run() {
    List<Result> results = new ArrayList<>();
    results.add(dryRun("ec2:DescribeInstances", ec2 -> ec2.describeInstances(r -> r.dryRun(true))));
    results.add(
        dryRun(
            "ec2:DescribeInstanceTopology",
            ec2 -> ec2.describeInstanceTopology(r -> r.dryRun(true))));
    results.add(
        dryRun(
            "ec2:DescribePlacementGroups",
            ec2 -> ec2.describePlacementGroups(r -> r.dryRun(true))));
    results.add(
        dryRun(
            "ec2:DescribeCapacityReservations",
            ec2 -> ec2.describeCapacityReservations(r -> r.dryRun(true))));
    results.add(
        dryRun(
            "ec2:TerminateInstances",
            ec2 -> ec2.terminateInstances(r -> r.dryRun(true).instanceIds("i-0000000000000000f"))));
    Optional<Offering> first = settings.offerings().stream().findFirst();
    if (first.isEmpty()) {
      results.add(
          new Result(
              "ec2:CreateFleet", false, "no offering configured in providers.aws.offerings"));
    } else {
      LaunchRequest probe = probe(first.get());
      results.add(
          dryRun(
              "ec2:CreateFleet (" + first.get().key() + ")",
              ec2 ->
                  ec2.createFleet(
                      FleetRequests.build(
                          probe,
                          settings,
                          settings.subnetsOf(first.get().key().zone()),
                          Optional.empty(),
                          true))));
    }
    return results;
  }

  private Result dryRun(String what, Function<Ec2Client, ?> call) {
    try {
      api.call(what, call);
      return new Result(what, false, "EC2 ignored DryRun=true; check the endpoint setting");
    } catch (ProviderException e) {
      String code = e.error().code();
      if (code.equals("DryRunOperation")) {
        return new Result(what, true, "allowed (dry run, region " + settings.region() + ")");
      }
      return new Result(what, false, e.error().describe() + hint(code, what));
    }
  }

  private static String hint(String code, String what) {
    return switch (code) {
      case "UnauthorizedOperation" -> " -- grant " + what.split(" ")[0] + " to Stratus's role";
      case "AuthFailure", "InvalidClientTokenId", "SignatureDoesNotMatch" ->
          " -- the credentials are not valid for EC2";
      default -> "";
    };
  }

  private static LaunchRequest probe(Offering offering) {
    String token = "stratus-check";
    return new LaunchRequest(
        "check",
        "check",
        offering,
        List.of("check-1"),
        token,
        Map.of(Tags.CLUSTER, "check", Tags.POOL, "check", Tags.TOKEN, token),
        true);
  }
}
