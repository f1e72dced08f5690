from enum import StrEnum


class ProductType(StrEnum):
    PRODUCT = "product"
    SERVICE = "service"

    def __str__(self) -> str:
        return str(self.value)
