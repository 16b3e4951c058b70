package dev.stratus.testkit.lambda;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;

/** The model's objects in the Lambda Cloud API's shapes (instance, instance type, region). */
final class LambdaJson {
  private LambdaJson() {}

  static ObjectNode region(String name) {
    return LambdaReply.JSON
        .createObjectNode()
        .put("name", name)
        .put("description", "Region " + name);
  }

  static ObjectNode type(LambdaModel.Type t) {
    ObjectNode o = LambdaReply.JSON.createObjectNode();
    o.put("name", t.name());
    o.put("description", t.gpus() + "x " + t.gpu());
    o.put("gpu_description", t.gpu());
    o.put("price_cents_per_hour", t.priceCents());
    o.putObject("specs")
        .put("vcpus", t.vcpus())
        .put("memory_gib", t.memoryGib())
        .put("storage_gib", 24_000)
        .put("gpus", t.gpus());
    return o;
  }

  static ObjectNode instance(LambdaVm v, LambdaModel.Type t, Instant now) {
    ObjectNode o = LambdaReply.JSON.createObjectNode();
    o.put("id", v.id);
    if (v.name == null) {
      o.putNull("name");
    } else {
      o.put("name", v.name);
    }
    String status = v.status(now);
    o.put("status", status);
    boolean addressed = status.equals("active");
    o.put("ip", addressed ? "192.0.2." + (v.id.hashCode() & 0x7f) : null);
    o.put("private_ip", addressed ? "10.19.0." + (v.id.hashCode() & 0x7f) : null);
    o.putArray("ssh_key_names").add("stratus-ops");
    o.putArray("file_system_names");
    o.set("region", region(v.region));
    o.set("instance_type", type(t));
    o.put(
        "hostname",
        addressed ? "10-19-0-" + (v.id.hashCode() & 0x7f) + ".cloud.lambdalabs.com" : null);
    o.set("tags", v.tags);
    return o;
  }
}
