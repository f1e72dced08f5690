from enum import StrEnum


class ExportProductBodySort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    SALE_PRICE = "sale_price"
    SKU = "sku"
    VALUE_1 = "-id"
    VALUE_3 = "-created_at"
    VALUE_5 = "-name"
    VALUE_7 = "-sku"
    VALUE_9 = "-sale_price"

    def __str__(self) -> str:
        return str(self.value)
