from enum import StrEnum


class RegistrationInResponseTypesType0Item(StrEnum):
    CODE = "code"

    def __str__(self) -> str:
        return str(self.value)
