terraform {
  # 1.11: write-only arguments, so the munge key reaches Vault without entering the state.
  required_version = ">= 1.11"

  required_providers {
    vault = {
      source  = "hashicorp/vault"
      version = "~> 5.0"
    }
  }
}
