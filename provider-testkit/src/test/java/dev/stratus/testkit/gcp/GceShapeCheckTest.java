package dev.stratus.testkit.gcp;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.cloud.compute.v1.Instance;
import com.google.cloud.compute.v1.Operation;
import org.junit.jupiter.api.Test;

/** The check itself, on hand-made answers: it must catch what a drifting model would say. */
class GceShapeCheckTest {
  static JsonNode json(String s) throws Exception {
    return new ObjectMapper().readTree(s.replace('\'', '"'));
  }

  @Test
  void anInstanceAsComputeEngineWritesItHasNoProblem() throws Exception {
    JsonNode i =
        json(
            "{'kind':'compute#instance','id':'4611686018427387905','name':'n1','status':'RUNNING',"
                + "'labels':{'stratus-node':'n1'},'networkInterfaces':[{'networkIP':'10.0.0.2'}],"
                + "'scheduling':{'provisioningModel':'SPOT'},"
                + "'guestAccelerators':[{'acceleratorCount':8}]}");

    assertThat(GceShapeCheck.problems(Instance.getDescriptor(), i)).isEmpty();
  }

  @Test
  void aMemberTheMessageDoesNotHaveIsCaught() throws Exception {
    assertThat(GceShapeCheck.problems(Instance.getDescriptor(), json("{'name':'n','rack':'r1'}")))
        .singleElement()
        .asString()
        .contains("Instance.rack", "Instance has no field rack");
  }

  @Test
  void aProtoFieldNameInsteadOfItsJsonNameIsCaught() throws Exception {
    assertThat(GceShapeCheck.problems(Instance.getDescriptor(), json("{'machine_type':'x'}")))
        .singleElement()
        .asString()
        .contains("has no field machine_type");
  }

  @Test
  void valuesOfTheWrongJsonTypeAreCaught() throws Exception {
    JsonNode op = json("{'id':4611686018427387905,'progress':'100','error':[]}");

    assertThat(GceShapeCheck.problems(Operation.getDescriptor(), op))
        .hasSize(3)
        .anySatisfy(p -> assertThat(p).contains("Operation.id:"))
        .anySatisfy(p -> assertThat(p).contains("Operation.progress:"))
        .anySatisfy(p -> assertThat(p).contains("Operation.error: Error is an object"));
  }

  @Test
  void aStatusOutsideItsEnumIsCaught() throws Exception {
    assertThat(GceShapeCheck.problems(Operation.getDescriptor(), json("{'status':'FINISHED'}")))
        .singleElement()
        .asString()
        .contains("\"FINISHED\" is none of Operation.Status");
  }

  @Test
  void aStringOutsideTheEnumOfItsNameIsCaught() throws Exception {
    assertThat(
            GceShapeCheck.problems(
                Instance.getDescriptor(), json("{'scheduling':{'provisioningModel':'CHEAP'}}")))
        .singleElement()
        .asString()
        .contains("\"CHEAP\" is none of Scheduling.ProvisioningModel");
  }

  @Test
  void aRepeatedFieldMustBeAnArrayAndAMapAnObject() throws Exception {
    JsonNode i = json("{'networkInterfaces':{'networkIP':'x'},'labels':['a']}");

    assertThat(GceShapeCheck.problems(Instance.getDescriptor(), i)).hasSize(2);
  }
}
