from enum import StrEnum


class GetProductServiceItemsSort(StrEnum):
    CREATED_AT = "created_at"
    ID = "id"
    NAME = "name"
    SALE_PRICE = "sale_price"
    SKU = "sku"
    UPDATED_AT = "updated_at"
    VALUE_1 = "-id"
    VALUE_11 = "-sale_price"
    VALUE_3 = "-created_at"
    VALUE_5 = "-updated_at"
    VALUE_7 = "-name"
    VALUE_9 = "-sku"

    def __str__(self) -> str:
        return str(self.value)
