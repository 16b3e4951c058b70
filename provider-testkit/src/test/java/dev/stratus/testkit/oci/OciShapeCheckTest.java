package dev.stratus.testkit.oci;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.oracle.bmc.core.model.Instance;
import org.junit.jupiter.api.Test;

/** The check itself, on hand-made answers: it must catch what a drifting model would say. */
class OciShapeCheckTest {
  static JsonNode json(String s) throws Exception {
    return new ObjectMapper().readTree(s.replace('\'', '"'));
  }

  static final String INSTANCE =
      "{'id':'ocid1.instance.oc1.iad.a','availabilityDomain':'Uocm:US-ASHBURN-AD-1',"
          + "'compartmentId':'ocid1.compartment.oc1..c','displayName':'n1','shape':'BM.GPU.H100.8',"
          + "'region':'iad','lifecycleState':'RUNNING','timeCreated':'2026-11-21T12:00:00.000Z',"
          + "'freeformTags':{'stratus-node':'n1'},'definedTags':{'ns':{'k':'v'}},"
          + "'metadata':{'user_data':'I2Nsb3VkLWNvbmZpZw=='},"
          + "'sourceDetails':{'sourceType':'image','imageId':'ocid1.image.oc1.iad.i'},"
          + "'preemptibleInstanceConfig':{'preemptionAction':{'type':'TERMINATE','preserveBootVolume':false}}}";

  @Test
  void anInstanceAsOciWritesItHasNoProblem() throws Exception {
    assertThat(OciShapeCheck.problems(Instance.class, json(INSTANCE))).isEmpty();
  }

  @Test
  void aPropertyTheModelClassDoesNotHaveIsCaught() throws Exception {
    assertThat(
            OciShapeCheck.problems(
                Instance.class, json(INSTANCE.replace("'region'", "'regionName'"))))
        .singleElement()
        .asString()
        .contains("Instance.regionName", "Instance has no property regionName");
  }

  @Test
  void aPropertyOfTheWrongSubtypeIsCaught() throws Exception {
    String i = INSTANCE.replace("'imageId':'ocid1.image.oc1.iad.i'", "'bootVolumeId':'b'");

    assertThat(OciShapeCheck.problems(Instance.class, json(i)))
        .singleElement()
        .asString()
        .contains("sourceDetails.bootVolumeId", "InstanceSourceViaImageDetails has no property");
  }

  @Test
  void anUnknownDiscriminatorAndAnUnknownEnumValueAreCaught() throws Exception {
    String i =
        INSTANCE.replace("'sourceType':'image'", "'sourceType':'disk'").replace("RUNNING", "UP");

    assertThat(OciShapeCheck.problems(Instance.class, json(i)))
        .hasSize(2)
        .anySatisfy(p -> assertThat(p).contains("sourceDetails.sourceType: 'disk' names no"))
        .anySatisfy(
            p -> assertThat(p).contains("lifecycleState: \"UP\" is none of LifecycleState"));
  }

  @Test
  void valuesOfTheWrongTypeAreCaught() throws Exception {
    String i =
        INSTANCE
            .replace("'2026-11-21T12:00:00.000Z'", "'yesterday'")
            .replace("'preserveBootVolume':false", "'preserveBootVolume':'no'")
            .replace("{'stratus-node':'n1'}", "['n1']");

    assertThat(OciShapeCheck.problems(Instance.class, json(i)))
        .hasSize(3)
        .anySatisfy(p -> assertThat(p).contains("timeCreated"))
        .anySatisfy(p -> assertThat(p).contains("preserveBootVolume"))
        .anySatisfy(p -> assertThat(p).contains("freeformTags"));
  }
}
