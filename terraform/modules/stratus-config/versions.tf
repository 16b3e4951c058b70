# No provider: this module only computes values (yamlencode, string functions), so it can be
# initialised and evaluated offline (`terraform init -backend=false`, `terraform console`).
terraform {
  required_version = ">= 1.11"
}
